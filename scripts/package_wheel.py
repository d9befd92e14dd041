#!/usr/bin/env python3
"""Writes a wheel that holds the gridls binary and nothing else a wheel does not require.

usage: package_wheel.py BINARY VERSION OUT_DIR

`pip install gridls-….whl` copies `gridls-VERSION.data/scripts/gridls` into the environment's bin/,
as it does for ruff's and other maturin-built wheels: no Python code runs, only the binary.
The platform tag names the glibc of the machine that built and tested the binary (see package.sh).
Timestamps come from SOURCE_DATE_EPOCH, so the same binary gives the same wheel byte for byte.
"""
import base64
import hashlib
import os
import platform
import sys
import time
import zipfile

SUMMARY = "Formatter, checker and language server for plain-text tables in Markdown and reStructuredText"

DESCRIPTION = """\
gridls aligns the pipe and grid tables of Markdown, the tables of reStructuredText and the simple and
multiline tables of pandoc's Markdown, and reports what is broken, without touching a byte outside the
tables. It is a command-line formatter and checker (`gridls format`, `gridls check`) and a language
server that editors launch (`gridls`).

This wheel holds one statically linked executable and no Python code: `pip install gridls` (or
`pipx install gridls`) puts `gridls` on PATH; no Swift toolchain is needed.
"""


def platform_tag() -> str:
    """manylinux_X_Y_ARCH for the glibc this machine runs, which the binary was built and tested on."""
    libc = os.confstr("CS_GNU_LIBC_VERSION") if hasattr(os, "confstr") else None
    if not libc or not libc.startswith("glibc "):
        sys.exit("package_wheel.py: not a glibc Linux machine; wheels are built on Linux only")
    major, minor = libc.split()[1].split(".")[:2]
    machine = platform.machine()
    if machine not in ("x86_64", "aarch64"):
        sys.exit(f"package_wheel.py: no wheel tag for machine {machine!r}")
    return f"manylinux_{int(major)}_{int(minor)}_{machine}"


def record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def main() -> None:
    if len(sys.argv) != 4:
        sys.exit(__doc__.splitlines()[2])
    binary, version, out_dir = sys.argv[1:]
    tag = f"py3-none-{platform_tag()}"
    name = f"gridls-{version}"
    metadata = (
        "Metadata-Version: 2.1\n"
        "Name: gridls\n"
        f"Version: {version}\n"
        f"Summary: {SUMMARY}\n"
        "License: MIT\n"
        "Keywords: markdown,restructuredtext,tables,formatter,language-server\n"
        "Classifier: Environment :: Console\n"
        "Classifier: Operating System :: POSIX :: Linux\n"
        "Classifier: Topic :: Text Processing :: Markup :: Markdown\n"
        "Requires-Python: >=3.7\n"
        "Description-Content-Type: text/markdown\n"
        "\n" + DESCRIPTION
    )
    wheel = f"Wheel-Version: 1.0\nGenerator: gridls scripts/package_wheel.py\nRoot-Is-Purelib: false\nTag: {tag}\n"
    with open(binary, "rb") as f:
        executable = f.read()
    files = [
        (f"{name}.data/scripts/gridls", executable, 0o755),
        (f"{name}.dist-info/METADATA", metadata.encode(), 0o644),
        (f"{name}.dist-info/WHEEL", wheel.encode(), 0o644),
    ]
    record_path = f"{name}.dist-info/RECORD"
    record = "".join(f"{path},{record_hash(data)},{len(data)}\n" for path, data, _ in files) + f"{record_path},,\n"
    files.append((record_path, record.encode(), 0o644))

    stamp = time.gmtime(max(int(os.environ.get("SOURCE_DATE_EPOCH", "315532800")), 315532800))[:6]
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"{name}-{tag}.whl")
    with zipfile.ZipFile(path + ".part", "w", zipfile.ZIP_DEFLATED) as archive:
        for member, data, mode in files:
            info = zipfile.ZipInfo(member, date_time=stamp)
            info.external_attr = (0o100000 | mode) << 16  # a regular file with these permissions
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data, compresslevel=9)
    os.replace(path + ".part", path)
    print(path)


if __name__ == "__main__":
    main()
