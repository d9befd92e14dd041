#!/usr/bin/env bash
# Checks what scripts/package.sh wrote to dist/, as a user without Swift meets it: the wheel installed
# into a fresh virtual environment runs README's example with nothing else on PATH, and so does the hook
# README documents for pre-commit (when pre-commit is installed); the .deb holds the binary, the man
# page and both editor plugins, and lintian (when installed) finds nothing its overrides do not explain.
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "package_check.sh: $*" >&2; exit 1; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
wheel=$(echo dist/gridls-*.whl)
deb=$(echo dist/gridls_*.deb)
if [ ! -f "$wheel" ] || [ ! -f "$deb" ]; then die "dist/ lacks the wheel or the .deb: run scripts/package.sh"; fi

# README's first example, through the binary pip put on PATH, where no Swift is.
expected='| Fruit  | Qty |
| :----- | --: |
| apple  |   3 |
| banana |  12 |'
python3 -m venv "$scratch/venv"
"$scratch/venv/bin/pip" install --quiet --disable-pip-version-check --no-index "$PWD/$wheel"
bare_path="$scratch/venv/bin"  # nothing but what pip installed: no Swift, no system tools
[ "$(env PATH="$bare_path" /bin/sh -c 'command -v gridls')" = "$scratch/venv/bin/gridls" ] || die "pip did not put gridls on PATH"
actual=$(printf '|Fruit|Qty|\n|:-|-:|\n|apple|3|\n|banana|12|\n' | env PATH="$bare_path" gridls format)
[ "$actual" = "$expected" ] || die "the wheel's gridls printed"$'\n'"$actual"
echo "wheel: $(env PATH="$bare_path" gridls --version) from $wheel formats README's example"

# README's pre-commit hook for the published wheel, with the wheel named by its path instead.
if command -v pre-commit >/dev/null 2>&1; then
    repo="$scratch/repo"
    mkdir -p "$repo"
    printf '|a|b|\n|-|-|\n' > "$repo/messy.md"
    cat > "$repo/.pre-commit-config.yaml" <<EOF
repos:
  - repo: local
    hooks:
      - id: gridls-format
        name: gridls format
        entry: gridls format -i
        language: python
        additional_dependencies: ["$PWD/$wheel"]
        files: \\.(md|markdown|qmd|[Rr]md|rst|rest)\$
EOF
    git -C "$repo" init -q && git -C "$repo" add -A
    status=0
    (cd "$repo" && env PRE_COMMIT_HOME="$scratch/pre-commit-home" PRE_COMMIT_COLOR=never \
        pre-commit run --all-files > "$scratch/pre-commit.log" 2>&1) || status=$?
    if [ "$status" != 1 ] || [ "$(cat "$repo/messy.md")" != $'| a   | b   |\n| --- | --- |' ]; then
        die "the pre-commit hook (exit $status) did not format messy.md:"$'\n'"$(cat "$scratch/pre-commit.log")"
    fi
    echo "pre-commit: the hook of language python installs the wheel and formats"
fi

# The .deb: what it must hold, and what lintian says of it.
listing=$(dpkg-deb -c "$deb")
emacs_file=$(basename "$(echo editors/emacs/*.el | cut -d ' ' -f 1)")
for path in usr/bin/gridls usr/share/man/man1/gridls.1.gz usr/share/doc/gridls/copyright \
    usr/share/vim/vimfiles/pack/gridls/start/gridls/plugin/gridls.vim \
    usr/share/vim/vimfiles/pack/gridls/start/gridls/doc/tags usr/share/nvim/site/pack/gridls \
    "usr/share/emacs/site-lisp/gridls/$emacs_file"; do
    grep -q " \./$path\( \|$\)" <<<"$listing" || die "$deb lacks $path"
done
dpkg-deb -x "$deb" "$scratch/root"
printf '|a|b|\n|-|-|\n' | "$scratch/root/usr/bin/gridls" format >/dev/null
echo "deb: $deb holds the binary, the man page, the Vim plugin and the Emacs package"
if command -v lintian >/dev/null 2>&1; then
    lintian --fail-on error,warning --display-info --pedantic "$deb"
    echo "lintian: no error or warning"
fi
