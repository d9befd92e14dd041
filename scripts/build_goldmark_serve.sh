#!/usr/bin/env bash
# Builds scripts/goldmark_serve (goldmark configured as Hugo's defaults) into .build-oracles/, offline,
# against Debian's goldmark source: apt-get install golang-go golang-github-yuin-goldmark-dev.
# Rebuilds only when main.go is newer than the binary; the binary is moved into place whole, so that
# processes building at once never run a half-written one.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source="$root/scripts/goldmark_serve/main.go"
out="$root/.build-oracles/goldmark_serve"
[ -x "$out" ] && [ "$out" -nt "$source" ] && exit 0
mkdir -p "$root/.build-oracles"
work=$(mktemp -d "$root/.build-oracles/go-XXXXXX")
trap 'rm -rf "$work"' EXIT
# GOPATH mode: the imports come from Debian's /usr/share/gocode, nothing from the network; the build
# cache stays in .build-oracles/ for the next build.
(cd "$root/scripts/goldmark_serve" &&
    GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE="$root/.build-oracles/go-cache" GOFLAGS= GOPROXY=off \
        go build -o "$work/goldmark_serve" .)
mv -f "$work/goldmark_serve" "$out"
