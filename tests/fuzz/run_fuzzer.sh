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
mkdir -p "$work/corpus" "$work/exports"
for prog in "$src"/examples/*.py; do
  "$pyscript" compile "$prog" -o "$work/corpus/$(basename "$prog" .py).pys" 2>/dev/null || true
done
# Exports (a state section), whole and as [1][length][graph][raw state bytes] (artifact_fuzzer.cpp).
for prog in "$src"/examples/*.py "$src"/tests/fuzz/state_seed.py; do
  "$pyscript" export "$prog" -o "$work/exports/$(basename "$prog" .py).pys" >/dev/null 2>&1 || true
done
/usr/bin/python3 - "$work/exports" "$work/corpus" <<'PY'
import base64, os, sys
exports, corpus = sys.argv[1:3]
for name in os.listdir(exports):
    data = open(os.path.join(exports, name), "rb").read()
    open(os.path.join(corpus, "export-" + name), "wb").write(data)
    lines = data.split(b"\n")
    body = lines[4:]  # after magic, format, source, checksum
    if body and body[0].startswith(b"object "):
        body = body[2:]
    if not body or not body[0].startswith(b"state "):
        continue
    state, graph = base64.b64decode(body[1]), b"\n".join(body[2:])
    # Without the source locations: a smaller graph parses faster (and fits -max_len).
    graph = b"\n".join(line.split(b"  # ")[0] for line in graph.split(b"\n"))
    seed = b"\x01" + len(graph).to_bytes(3, "little") + graph + state
    open(os.path.join(corpus, "state-" + name), "wb").write(seed)
PY
"$work/fuzzer" "$work/corpus" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 2>"$work/log" || { tail -40 "$work/log"; echo "0 passed, 1 failed"; exit 1; }
grep -E "stat::number_of_executed_units" "$work/log" || true
echo "1 passed, 0 failed"
