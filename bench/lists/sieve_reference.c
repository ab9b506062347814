/* bench/lists/sieve.py in C (gcc -O2): the same sieve on an array of bools, the same output.
 * Prints its hot part's time (the second of two runs) on a line "time: ... ms". */
#include <assert.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 5000000

static bool* sieve(long n) {
  bool* is_prime = malloc(n + 1);
  for (long k = 0; k <= n; ++k) is_prime[k] = true;
  is_prime[0] = false;
  is_prime[1] = false;
  for (long i = 2; i * i <= n; ++i)
    if (is_prime[i])
      for (long j = i * i; j < n + 1; j += i) is_prime[j] = false;
  return is_prime;
}

static void bench(long n, long* count_out, long* total_out) {
  bool* is_prime = sieve(n);
  long count = 0, total = 0;
  for (long k = 0; k <= n; ++k)
    if (is_prime[k]) {
      count = count + 1;
      total = total + k;
    }
  free(is_prime);
  *count_out = count;
  *total_out = total;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  long wc, wt, count, total;
  bench(N, &wc, &wt);
  double t0 = now();
  bench(N, &count, &total);
  double t1 = now();
  assert(count == wc && total == wt);
  printf("primes up to %d: %ld\nsum: %ld\n", N, count, total);
  printf("time: %.3f ms\n", (t1 - t0) * 1000.0);
  return 0;
}
