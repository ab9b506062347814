/* bench/lists/fannkuch.py in C (gcc -O2): the same algorithm (the Benchmarks Game's permutation
 * order, flips by swapping from both ends), the same output. Prints its hot part's time (the
 * second of two runs) on a line "time: ... ms". */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define N 9

static void fannkuch(int n, long* checksum_out, long* max_flips_out) {
  int perm1[32], count[32], perm[32];
  long max_flips = 0, checksum = 0, perm_count = 0;
  int r = n;
  for (int i = 0; i < n; ++i) {
    perm1[i] = i;
    count[i] = 0;
  }
  for (;;) {
    while (r != 1) {
      count[r - 1] = r;
      r = r - 1;
    }
    memcpy(perm, perm1, n * sizeof(int));
    long flips = 0;
    int k = perm[0];
    while (k != 0) {
      int i = 0, j = k;
      while (i < j) {
        int t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
        i = i + 1;
        j = j - 1;
      }
      flips = flips + 1;
      k = perm[0];
    }
    if (flips > max_flips) max_flips = flips;
    if (perm_count % 2 == 0)
      checksum = checksum + flips;
    else
      checksum = checksum - flips;
    for (;;) {
      if (r == n) {
        *checksum_out = checksum;
        *max_flips_out = max_flips;
        return;
      }
      int perm0 = perm1[0];
      for (int i = 0; i < r; ++i) perm1[i] = perm1[i + 1];
      perm1[r] = perm0;
      count[r] = count[r] - 1;
      if (count[r] > 0) break;
      r = r + 1;
    }
    perm_count = perm_count + 1;
  }
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  long wc, wm, checksum, max_flips;
  fannkuch(N, &wc, &wm);
  double t0 = now();
  fannkuch(N, &checksum, &max_flips);
  double t1 = now();
  assert(checksum == wc && max_flips == wm);
  printf("%ld\nPfannkuchen(%d) = %ld\n", checksum, N, max_flips);
  printf("time: %.3f ms\n", (t1 - t0) * 1000.0);
  return 0;
}
