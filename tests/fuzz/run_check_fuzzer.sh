#!/usr/bin/env bash
# Builds the frontend-and-lowering fuzz target (check_fuzzer.cpp) with clang's libFuzzer (ASan +
# UBSan) and runs it for a bounded time, seeded with the corpus and test programs.
# Usage: run_check_fuzzer.sh SOURCE_DIR CONFORMANCE_DIR [SECONDS] [WORK_DIR]
# WORK_DIR (default: a temporary folder, removed) keeps the objects, the fuzzer, the grown corpus
# and crash-* reproducers; a second run with the same WORK_DIR rebuilds only what changed.
set -euo pipefail
src=$(cd "$1" && pwd)
conformance=$2
seconds=${3:-60}
if [ -n "${4:-}" ]; then
  work=$4
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
clang=$(command -v clang++-14 || command -v clang++)
clang_c=$(command -v clang-14 || command -v clang)
flags=(-O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined)
grammar=third_party/tree-sitter-python/node_modules/tree-sitter-python/src
cd "$src" # the globs below name the source tree's files, whatever folder meson runs this from
sources=(frontend/*.cpp lower/*.cpp ir/*.cpp ir/passes/*.cpp support/*.cpp tests/fuzz/check_fuzzer.cpp)
compile_one() {   # SOURCE OBJECT, from $src
  "$clang" -std=c++20 "${flags[@]}" -I"$src" -I"$src/include" -c "$src/$1" -o "$2"
}
export -f compile_one
export clang src
export flags_text="${flags[*]}"
mkdir -p "$work/obj"
objects=()
stale=()
for s in $(cd "$src" && echo "${sources[@]}"); do
  o="$work/obj/${s//\//_}.o"
  objects+=("$o")
  [ "$o" -nt "$src/$s" ] || stale+=("$s" "$o")
done
# (arrays do not cross export: the flags travel as text)
printf '%s\n' "${stale[@]}" | xargs -r -n2 -P"$(nproc)" bash -c 'flags=($flags_text); compile_one "$@"' _
for c in parser scanner; do
  o="$work/obj/grammar_$c.o"
  objects+=("$o")
  [ -e "$o" ] || "$clang_c" -O1 -g -fsanitize=address -w -I"$src/$grammar" -c "$src/$grammar/$c.c" -o "$o"
done
"$clang" -fsanitize=fuzzer,address,undefined "${objects[@]}" $(pkg-config --libs tree-sitter) -lz -o "$work/fuzzer"
mkdir -p "$work/corpus"
cp "$src"/examples/*.py "$src"/tests/scalar_programs/*.py "$src"/tests/numpy_programs/*.py "$work/corpus/"
for d in "$conformance"/*/; do
  for f in "$d"*.py; do cp "$f" "$work/corpus/$(basename "$d")_$(basename "$f")"; done
done
cd "$work"
"$work/fuzzer" "$work/corpus" -dict="$src/tests/fuzz/python.dict" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 2>"$work/log" || { tail -40 "$work/log"; echo "0 passed, 1 failed"; exit 1; }
grep -E "stat::number_of_executed_units" "$work/log" || true
echo "1 passed, 0 failed"
