#!/usr/bin/env bash
# `meson install` into a scratch folder, then build examples/host/host.cpp the way a user would,
# with pkg-config only, run it, and check its output. Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
DESTDIR="$stage" meson install -C "$build" --quiet --no-rebuild >/dev/null
pc=$(dirname "$(find "$stage" -name pyscript.pc | head -n 1)")
export PKG_CONFIG_PATH="$pc"
prefix=$(pkg-config --variable=prefix pyscript)
flags=$(pkg-config --define-variable=prefix="$stage$prefix" --cflags --libs pyscript)
g++ -std=c++20 "$src/examples/host/host.cpp" $flags -o "$stage/host"
libdir=$(pkg-config --define-variable=prefix="$stage$prefix" --variable=libdir pyscript)
out=$(cd "$src/examples/host" && LD_LIBRARY_PATH="$libdir" "$stage/host" model.py)
echo "$out"
expected='top level of model.py: 10
fancy_func(1, 2, 3, 4) = 10
fancy_func(1.5, 2, 3, 4) = 10.5
ratio(1, 4) = 0.25
caught: model.py:14:12: runtime error: ZeroDivisionError: float division by zero
caught TypeError: handle int64_t(int64_t) for '"'"'ratio'"'"': '"'"'ratio'"'"' takes 2 arguments, the handle passes 1'
if [ "$out" = "$expected" ]; then
  echo "1 passed, 0 failed"
else
  echo "--- expected"; echo "$expected"
  echo "0 passed, 1 failed"
  exit 1
fi
