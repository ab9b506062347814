/* Runs the MLP from an ahead-of-time object, in plain C: link mlp.o with the runtime library only
 * (no LLVM, no parser, no Python).
 *   pyscript compile examples/mlp.py --emit=obj -o mlp.o --header mlp.h --entry mlp --args '...'
 *   cc aot_host.c mlp.o $(pkg-config --cflags --libs pyscript-rt) -o aot_host
 * Usage: aot_host WEIGHTS_DIR */
#include "mlp.h"

#include <stdio.h>
#include <string.h>

static pyrt_array* npy(const char* dir, const char* name) {
  char path[1024], error[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  pyrt_array* a = pyrt_load_npy(path, error, sizeof error);
  if (!a) fprintf(stderr, "%s\n", error);
  return a;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s WEIGHTS_DIR\n", argv[0]);
    return 2;
  }
  const char* names[] = {"x.npy", "w1.npy", "b1.npy", "w2.npy", "b2.npy", "w3.npy", "b3.npy"};
  pyrt_array* in[7];
  for (int i = 0; i < 7; ++i)
    if (!(in[i] = npy(argv[1], names[i]))) return 1;
  pyrt_context ctx;
  memset(&ctx, 0, sizeof ctx);
  pyrt_array* y = mlp(&ctx, in[0], in[1], in[2], in[3], in[4], in[5], in[6]);
  if (ctx.failed) {
    fprintf(stderr, "%s: runtime error: %s%s%s\n", ctx.site, pyrt_error_text(ctx.kind), ctx.detail ? ": " : "",
            ctx.detail ? ctx.detail : "");
    return 1;
  }
  const float* v = (const float*)y->data;
  printf("[[%.8f %.8f]]\n", (double)v[0], (double)v[1]);
  pyrt_array_release(y);
  for (int i = 0; i < 7; ++i) pyrt_array_release(in[i]);
  return 0;
}
