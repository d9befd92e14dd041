"""What the benchmark scripts share: their common options, the release build README.md describes, and
the corpus of scripts/gen_corpus.py."""
import os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def add_common_arguments(parser, quick_help):
    parser.add_argument("--corpus", help="a corpus made by scripts/gen_corpus.py (else one is made)")
    parser.add_argument("--binary", help="a gridls binary to measure instead of building this checkout's")
    parser.add_argument("--quick", action="store_true", help=quick_help)

def build_release():
    """The binary as README.md says to build it: release, one static executable."""
    subprocess.run(["swift", "build", "-c", "release", "-Xswiftc", "-static-executable", "-Xswiftc", "-use-ld=lld", "--product", "gridls"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(ROOT, ".build", "release", "gridls")

def compile_c(source):
    """A C program of scripts/ (`cc -O2`), built in a folder of its own; its path."""
    import shutil
    binary = os.path.join(tempfile.mkdtemp(prefix="gridls-c-"), os.path.splitext(os.path.basename(source))[0])
    compiler = shutil.which("cc") or shutil.which("clang") or "cc"  # the Swift toolchain brings clang
    subprocess.run([compiler, "-O2", "-o", binary, os.path.join(ROOT, "scripts", source)], check=True)
    return binary

def binary_and_corpus(args):
    """The binary to measure and the corpus folder, built and generated unless the options name them."""
    binary = args.binary or build_release()
    corpus = args.corpus or tempfile.mkdtemp(prefix="gridls-corpus-")
    if not args.corpus:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "gen_corpus.py"), corpus], check=True)
    return binary, corpus
