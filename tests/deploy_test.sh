#!/usr/bin/env bash
# examples/deploy end to end, as a user would do it after `meson install`: weights exported with
# numpy, the MLP compiled once to an artifact and once to an object, a C++ host loading the
# artifact and a C host linking the object with the runtime library only; both must print what
# `python3 examples/mlp.py` prints; the C++ host links libpyscript-loader (no tree-sitter) and the
# C host the runtime library only (no LLVM, no tree-sitter). Then the d2l HybridNet (a model object
# with its layers) exported with its state and served by a C++ host that passes only the input:
# its forward's output and the probabilities must be CPython's.
# Usage: deploy_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
DESTDIR="$stage" meson install -C "$build" --quiet --no-rebuild >/dev/null
export PKG_CONFIG_PATH=$(dirname "$(find "$stage" -name pyscript.pc | head -n 1)")
prefix=$(pkg-config --variable=prefix pyscript)
pc() { pkg-config --define-variable=prefix="$stage$prefix" "$@"; }
libdir=$(pc --variable=libdir pyscript)
pyscript="$stage$prefix/bin/pyscript"
out="$stage/out"
mkdir -p "$out"

/usr/bin/python3 "$src/examples/deploy/export_weights.py" "$out"
args='f32[1,512],f32[512,256],f32[256],f32[256,128],f32[128],f32[128,2],f32[2]'
LD_LIBRARY_PATH="$libdir" "$pyscript" compile "$src/examples/mlp.py" -o "$out/mlp.pys" --entry mlp --args "$args"
LD_LIBRARY_PATH="$libdir" "$pyscript" compile "$src/examples/mlp.py" --emit=obj -o "$out/mlp.o" --header "$out/mlp.h" \
  --entry mlp --args "$args"

g++ -std=c++20 "$src/examples/deploy/jit_host.cpp" $(pc --cflags --libs pyscript-loader) -o "$out/jit_host"
gcc -std=c11 -I"$out" "$src/examples/deploy/aot_host.c" "$out/mlp.o" $(pc --cflags --libs pyscript-rt) -o "$out/aot_host"

LD_LIBRARY_PATH="$libdir" "$pyscript" export "$src/examples/hybrid_net.py" -o "$out/hybrid_net.pys" >"$out/export.txt"
g++ -std=c++20 "$src/examples/deploy/serve_net.cpp" $(pc --cflags --libs pyscript-loader) -o "$out/serve_net"

jit=$(LD_LIBRARY_PATH="$libdir" "$out/jit_host" "$out/mlp.pys" "$out")
aot=$(LD_LIBRARY_PATH="$libdir" "$out/aot_host" "$out")
reference=$(/usr/bin/python3 "$src/examples/mlp.py" | sed -n 2p)
echo "numpy: $reference"
echo "jit:   $jit"
echo "aot:   $aot"
served=$(cd "$stage" && LD_LIBRARY_PATH="$libdir" "$out/serve_net" "$out/hybrid_net.pys")
net_reference=$(NPY_PROMOTION_STATE=weak /usr/bin/python3 "$src/examples/hybrid_net.py")
echo "numpy:  $(sed -n 3,4p <<<"$net_reference" | tr '\n' ' ')"
echo "served: $(sed -n 3,4p <<<"$served" | tr '\n' ' ')"
needs=$(LD_LIBRARY_PATH="$libdir" ldd "$out/aot_host")
loader_needs=$(LD_LIBRARY_PATH="$libdir" ldd "$out/jit_host")
passed=0
failed=0
check() { if eval "$2"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1"; fi; }
close() { /usr/bin/python3 -c "import re,sys; a=[float(x) for x in re.findall(r'[-\d.e+]+', sys.argv[1])]; b=[float(x) for x in re.findall(r'[-\d.e+]+', sys.argv[2])]; sys.exit(0 if len(a)==len(b)==int(sys.argv[3]) and all(abs(x-y)<=1e-6+1e-5*abs(y) for x,y in zip(a,b)) else 1)" "$1" "$2" "${3:-2}"; }
check "the artifact host prints numpy's numbers" 'close "$jit" "$reference"'
check "the AOT host prints numpy's numbers" 'close "$aot" "$reference"'
check "the AOT host needs no LLVM" '! grep -qi llvm <<<"$needs"'
check "the AOT host needs no tree-sitter" '! grep -qi tree-sitter <<<"$needs"'
check "the artifact host needs no tree-sitter (libpyscript-loader)" '! grep -qi tree-sitter <<<"$loader_needs"'
check "the artifact host needs no shared LLVM" '! grep -qi libLLVM <<<"$loader_needs"'
check "the artifact starts with its format" 'head -2 "$out/mlp.pys" | grep -q "format 3"'
check "the export printed what CPython prints" '[ "$(cat "$out/export.txt")" = "$net_reference" ]'
check "the export carries the model's state" 'grep -q "^state " "$out/hybrid_net.pys"'
check "the served forward prints the shapes it sees" '[ "$(sed -n 1,2p <<<"$served")" = "$(sed -n 1,2p <<<"$net_reference")" ]'
check "the served probabilities are CPython's" 'close "$(sed -n 3,4p <<<"$served")" "$(sed -n 3,4p <<<"$net_reference")" 4'
check "the served net's layers are objects with their weights" 'grep -q "hidden weight 3x4" <<<"$served"'
check "the model host needs no tree-sitter" '! LD_LIBRARY_PATH="$libdir" ldd "$out/serve_net" | grep -qi tree-sitter'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
