#!/usr/bin/env bash
# Builds the artifact-loader fuzz target with clang's libFuzzer (ASan + UBSan) and runs it for a
# bounded time from a seed corpus of real artifacts. Usage: run_fuzzer.sh SOURCE_DIR PYSCRIPT [SECONDS]
set -euo pipefail
src=$(cd "$1" && pwd)
pyscript=$2
seconds=${3:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
clang=$(command -v clang++-14 || command -v clang++)
# Every file of ir/ (the verifier grows a file per family of ops: a hand-kept list broke twice).
sources=($(cd "$src" && ls ir/*.cpp)
         support/internal_error.cpp support/float_repr.cpp support/source.cpp support/base64.cpp)
"$clang" -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I"$src" -I"$src/include" "$src/tests/fuzz/artifact_fuzzer.cpp" "${sources[@]/#/$src/}" -o "$work/fuzzer"
mkdir -p "$work/corpus"
for prog in "$src"/examples/*.py; do
  "$pyscript" compile "$prog" -o "$work/corpus/$(basename "$prog" .py).pys" 2>/dev/null || true
done
"$work/fuzzer" "$work/corpus" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 2>"$work/log" || { tail -40 "$work/log"; echo "0 passed, 1 failed"; exit 1; }
grep -E "stat::number_of_executed_units" "$work/log" || true
echo "1 passed, 0 failed"
