#!/usr/bin/env bash
# Builds the libFuzzer targets (outside the normal build) and runs each for SECONDS from the committed
# seed corpus. Usage: Tests/Fuzz/run.sh [SECONDS] [TARGET...]   (targets: markdown grid jsonrpc fit)
# Crashes are saved as Tests/Fuzz/crashes/TARGET-*; turn each into a regression test.
# FUZZ_SEED fixes libFuzzer's seed and FUZZ_RUNS the number of inputs instead of the time, so that a
# run (CI's) replays exactly.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-30}
shift || true
targets=${*:-markdown grid jsonrpc fit}
build=.build-fuzz
mkdir -p "$build" Tests/Fuzz/crashes
# lld: the default gold linker prints a warning for every sanitizer symbol it cannot export.
# -package-name: the modules share `package` declarations, as SwiftPM builds them.
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -use-ld=lld -package-name gridls)

module() {  # name, sources, libraries it needs
    local name=$1; shift
    local sources
    mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)  # modules keep files in folders
    swiftc "${flags[@]}" -emit-library -static -emit-module -module-name "$name" \
        -emit-module-path "$build/$name.swiftmodule" -I "$build" "${sources[@]}" -o "$build/lib$name.a"
}

module GridModel
module TextTables
module JSONRPC

declare -A entry=([markdown]=FuzzMarkdown [grid]=FuzzGrid [jsonrpc]=FuzzJSONRPC [fit]=FuzzFit)
# fit formats each input's document twice with a table made of it: it runs a quarter of FUZZ_RUNS so that
# CI's run stays within a minute or two (10,000 inputs took 69 s on a loaded 2-core machine).
declare -A share=([fit]=4)
declare -A libs=([markdown]="-lTextTables -lGridModel" [grid]="-lTextTables -lGridModel" [jsonrpc]="-lJSONRPC" [fit]="-lTextTables -lGridModel")
status=0
for target in $targets; do
    swiftc "${flags[@]}" -I "$build" -L "$build" Tests/Fuzz/${entry[$target]}.swift ${libs[$target]} -o "$build/fuzz-$target"
    work="$build/corpus-$target"
    mkdir -p "$work"
    cp -n Tests/Fuzz/corpus/$target/* "$work/" 2>/dev/null || true
    runs=${FUZZ_RUNS:+$((FUZZ_RUNS / ${share[$target]:-1}))}
    if [ -n "$runs" ]; then echo "== fuzz-$target for $runs inputs"; else echo "== fuzz-$target for ${seconds}s"; fi
    log="$build/fuzz-$target.log"
    # With FUZZ_RUNS, libFuzzer stops after that many inputs; -max_total_time and timeout(1) are backstops,
    # so that a fuzzer that stalls fails the run with its log instead of holding CI until its deadline.
    limit=(-max_total_time="$seconds") deadline=$((seconds + 300))
    [ -n "$runs" ] && limit=(-runs="$runs" -max_total_time=240) deadline=300
    if SWIFT_BACKTRACE=enable=no timeout -k 10 "$deadline" "$build/fuzz-$target" "$work" "${limit[@]}" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="Tests/Fuzz/crashes/$target-" -print_final_stats=1 ${FUZZ_SEED:+-seed=$FUZZ_SEED} > "$log" 2>&1; then
        grep -E "^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)" "$log"
    else
        status=1
        echo "fuzz-$target failed or stalled; the end of its log:"
        grep -E "Fatal error|failed:|ERROR: |SUMMARY|Test unit written|Base64|^stat::number_of_executed_units" "$log" | head -20
        tail -n 20 "$log"
    fi
done
exit $status
