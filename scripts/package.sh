#!/usr/bin/env bash
# Builds the release binary as README says and writes dist/ (gitignored), for users without Swift:
#   gridls-VERSION-py3-none-manylinux_X_Y_ARCH.whl   the static binary as a wheel's script (Linux)
#   gridls_VERSION-1_DEBARCH.deb                     binary, man page, Vim and Emacs plugins (Linux)
#   gridls-VERSION-ARCH-OS.tar.gz                    the same files under bin/ and share/
# then checks them: the man page and the wheel's hashes here, the rest in scripts/package_check.sh.
# VERSION is what `gridls --version` prints. On macOS only the tarball is written, with a binary that
# links the system's libraries (macOS has no static executables).
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "package.sh: $*" >&2; exit 1; }

os=$(uname -s)
machine=$(uname -m)
[ "$machine" = arm64 ] && machine=aarch64
emacs_files=(editors/emacs/*.el)
[ -e "${emacs_files[0]}" ] || die "editors/emacs/*.el is missing: the .deb and the tarball ship the Emacs package from there"
[ -d editors/vim/plugin ] || die "editors/vim/plugin is missing"
if command -v groff >/dev/null 2>&1; then
    warnings=$(groff -man -ww -z protocol/gridls.1 2>&1)
    [ -z "$warnings" ] || die "protocol/gridls.1 has warnings:"$'\n'"$warnings"
fi
helptags_with=$(command -v vim || command -v nvim) || die "vim or nvim is needed to index the Vim plugin's help (:helptags)"

case "$os" in
    Linux) swift build -c release -Xswiftc -static-executable -Xswiftc -use-ld=lld ;;
    Darwin) swift build -c release ;;
    *) die "no package for $os" ;;
esac
binary=.build/release/gridls
read -r name version < <("$binary" --version)
if [ "$name" != gridls ] || ! [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
    die "unexpected 'gridls --version': $name $version"
fi
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 315532800)}

rm -rf dist
mkdir -p dist
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# The packages ship the binary without its symbols, debug information and linker comments: half the
# size, the same code.
if [ "$os" = Linux ]; then strip -R .comment -o "$stage/gridls" "$binary"; else cp "$binary" "$stage/gridls"; fi

# Copies a file, making the folders on its way (macOS's install has no -D).
put() {  # mode from to
    mkdir -p "$(dirname "$3")"
    install -m "$1" "$2" "$3"
}

# Copies a folder's files (not its tests) with plain permissions: what a package may hold.
copy_tree() {  # from to
    (cd "$1" && find . -path ./test -prune -o -type f -print) | sort | while read -r file; do
        put 644 "$1/$file" "$2/$file"
    done
}

# The Vim plugin as a package (pack/gridls/start/gridls) with its own help index: Vim loads the packages
# under every 'packpath' folder, which holds /usr/share/vim/vimfiles on Debian; Neovim's holds
# /usr/share/nvim/site instead, where the .deb links the same folder.
vim_plugin() {  # to
    copy_tree editors/vim "$1"
    "$helptags_with" -u NONE -i NONE -es -c "helptags $1/doc" -c q
    [ -s "$1/doc/tags" ] || die ":helptags wrote no $1/doc/tags"
    chmod 644 "$1/doc/tags"
}

# The Emacs package: its Lisp files (not its tests). Debian's Emacs puts each folder of site-lisp on
# its load-path, so (require 'gridls) finds site-lisp/gridls/gridls.el.
emacs_package() {  # to
    for file in "${emacs_files[@]}"; do put 644 "$file" "$1/$(basename "$file")"; done
}

# The tarball: bin/, share/man/, share/gridls/{vim,emacs}, to unpack into a prefix such as /usr/local.
os_name=$(echo "$os" | tr '[:upper:]' '[:lower:]')
[ "$os_name" = darwin ] && os_name=macos
tar_root="gridls-$version-$machine-$os_name"
put 755 "$stage/gridls" "$stage/tar/$tar_root/bin/gridls"
put 644 protocol/gridls.1 "$stage/tar/$tar_root/share/man/man1/gridls.1"
vim_plugin "$stage/tar/$tar_root/share/gridls/vim"
emacs_package "$stage/tar/$tar_root/share/gridls/emacs"
if tar --version 2>/dev/null | grep -q GNU; then
    tar -C "$stage/tar" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -cf - "$tar_root"
else
    tar -C "$stage/tar" -cf - "$tar_root"
fi | gzip -9n > "dist/$tar_root.tar.gz"
echo "dist/$tar_root.tar.gz"

[ "$os" = Linux ] || exit 0

# The wheel: a static binary needs nothing from the system but the kernel; it is tagged with this
# machine's glibc all the same, the one it was built and tested on (package_wheel.py).
python3 scripts/package_wheel.py "$stage/gridls" "$version" dist
python3 - dist/*.whl <<'EOF'
import base64, hashlib, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    for line in wheel.read(next(n for n in wheel.namelist() if n.endswith("/RECORD"))).decode().splitlines():
        path, digest, size = line.split(",")
        if digest:
            data = wheel.read(path)
            actual = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (actual, len(data)), f"RECORD is wrong for {path}"
EOF

# The .deb, built by dpkg-deb alone (no debian/ folder: the binary comes from SwiftPM).
command -v dpkg-deb >/dev/null 2>&1 || die "dpkg-deb is missing (apt-get install dpkg)"
deb_arch=$(dpkg --print-architecture)
deb_version="$version-1"
root="$stage/deb"
put 755 "$stage/gridls" "$root/usr/bin/gridls"
gzip -9n < protocol/gridls.1 > "$stage/gridls.1.gz"
put 644 "$stage/gridls.1.gz" "$root/usr/share/man/man1/gridls.1.gz"
vim_plugin "$root/usr/share/vim/vimfiles/pack/gridls/start/gridls"
mkdir -p "$root/usr/share/nvim/site/pack"
ln -s ../../../vim/vimfiles/pack/gridls "$root/usr/share/nvim/site/pack/gridls"
emacs_package "$root/usr/share/emacs/site-lisp/gridls"
put 644 scripts/debian/copyright "$root/usr/share/doc/gridls/copyright"
put 644 scripts/debian/lintian-overrides "$root/usr/share/lintian/overrides/gridls"
date=$(LC_ALL=C date -u -d "@$SOURCE_DATE_EPOCH" -R)
printf 'gridls (%s) unstable; urgency=medium\n\n  * Release %s: see the project for what changed.\n\n -- %s  %s\n' \
    "$deb_version" "$version" "$(sed -n 's/^Maintainer: //p' scripts/debian/control)" "$date" \
    | gzip -9n > "$stage/changelog.Debian.gz"
put 644 "$stage/changelog.Debian.gz" "$root/usr/share/doc/gridls/changelog.Debian.gz"
mkdir -p "$root/DEBIAN"
(cd "$root" && find usr -type f | sort | xargs md5sum) > "$root/DEBIAN/md5sums"
{
    echo "Package: gridls"
    echo "Version: $deb_version"
    echo "Architecture: $deb_arch"
    echo "Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)"
    cat scripts/debian/control
} > "$root/DEBIAN/control"
chmod -R go-w "$root"
find "$root" -type d -exec chmod 755 {} +
deb="dist/gridls_${deb_version}_$deb_arch.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"

bash scripts/package_check.sh
