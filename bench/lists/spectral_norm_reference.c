/* bench/lists/spectral_norm.py in C (gcc -O2): the same algorithm, the same sums in the same order,
 * the same output. Prints its hot part's time (the second of two runs) on a line "time: ... ms". */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 400

static double eval_a(long i, long j) { return 1.0 / ((i + j) * (i + j + 1) / 2 + i + 1); }

static void times_a(const double* u, double* out, long n) {
  for (long i = 0; i < n; ++i) {
    double s = 0.0;
    for (long j = 0; j < n; ++j) s = s + eval_a(i, j) * u[j];
    out[i] = s;
  }
}

static void times_at(const double* u, double* out, long n) {
  for (long i = 0; i < n; ++i) {
    double s = 0.0;
    for (long j = 0; j < n; ++j) s = s + eval_a(j, i) * u[j];
    out[i] = s;
  }
}

static void times_ata(const double* u, double* out, double* tmp, long n) {
  times_a(u, tmp, n);
  times_at(tmp, out, n);
}

static double bench(long n) {
  double* u = malloc(n * sizeof(double));
  double* v = malloc(n * sizeof(double));
  double* tmp = malloc(n * sizeof(double));
  for (long i = 0; i < n; ++i) u[i] = 1.0;
  for (int k = 0; k < 10; ++k) {
    times_ata(u, v, tmp, n);
    times_ata(v, u, tmp, n);
  }
  double vbv = 0.0, vv = 0.0;
  for (long i = 0; i < n; ++i) vbv = vbv + u[i] * v[i];
  for (long i = 0; i < n; ++i) vv = vv + v[i] * v[i];
  free(u);
  free(v);
  free(tmp);
  return sqrt(vbv / vv);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  double warm = bench(N);
  double t0 = now();
  double result = bench(N);
  double t1 = now();
  assert(result == warm);
  printf("%.9f\n", result);
  printf("time: %.3f ms\n", (t1 - t0) * 1000.0);
  return 0;
}
