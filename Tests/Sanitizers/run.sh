#!/usr/bin/env bash
# Builds gridls with ThreadSanitizer and with AddressSanitizer (leaks included) and runs the command-line
# and language-server tests against each build (GRIDLS_BINARY): the server's reader thread, its request
# loop and the CLI's parallel formatting under real sessions, hostile clients and the soak.
# Any sanitizer report fails the run and is printed. Usage: Tests/Sanitizers/run.sh [thread] [address]
set -euo pipefail
cd "$(dirname "$0")/../.."
sanitizers=${*:-thread address}
swift build --build-tests >/dev/null  # the test bundle itself stays uninstrumented
status=0
for sanitizer in $sanitizers; do
    scratch=.build-$sanitizer
    echo "== gridls with --sanitize=$sanitizer"
    reports=$(mktemp -d)
    # lld: gold prints a warning for every sanitizer symbol it cannot export.
    if ! swift build --scratch-path "$scratch" --sanitize="$sanitizer" -Xswiftc -use-ld=lld --product gridls > "$reports/build.log" 2>&1; then
        tail -n 30 "$reports/build.log"
        exit 1
    fi
    options="log_path=$reports/report"
    if GRIDLS_BINARY="$PWD/$scratch/debug/gridls" GRIDLS_SANITIZER="$sanitizer" TSAN_OPTIONS="$options" ASAN_OPTIONS="$options:detect_leaks=1" \
        swift test --skip-build --filter "LanguageServerTests|GridlsCLITests" > "$reports/tests.log" 2>&1; then
        grep -E "^✔ Test run with" "$reports/tests.log" || true
    else
        status=1
        grep -E "✘|Test run with" "$reports/tests.log" | head -40
    fi
    if compgen -G "$reports/report*" > /dev/null; then
        status=1
        echo "$sanitizer sanitizer reports:"
        cat "$reports"/report* | head -200
    else
        echo "no $sanitizer sanitizer report"
    fi
    rm -rf "$reports"
done
exit $status
