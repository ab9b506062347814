/* bench/lists/nbody.py in C (gcc -O2): the same algorithm, the same operations in the same order,
 * the same output; bodies as rows of 7 doubles, pairs as index pairs. Prints its hot part's time
 * (the second of two runs) on a line "time: ... ms", as the Python program does. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <time.h>

#define N 200000
#define NB 5
#define NP (NB * (NB - 1) / 2)

static const double PI = 3.14159265358979323;
#define SOLAR_MASS (4.0 * PI * PI)
static const double DAYS_PER_YEAR = 365.24;

static void make_system(double b[NB][7]) {
  const double init[NB][7] = {
      {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, SOLAR_MASS},
      {4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
       1.66007664274403694e-03 * DAYS_PER_YEAR, 7.69901118419740425e-03 * DAYS_PER_YEAR,
       -6.90460016972063023e-05 * DAYS_PER_YEAR, 9.54791938424326609e-04 * SOLAR_MASS},
      {8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
       -2.76742510726862411e-03 * DAYS_PER_YEAR, 4.99852801234917238e-03 * DAYS_PER_YEAR,
       2.30417297573763929e-05 * DAYS_PER_YEAR, 2.85885980666130812e-04 * SOLAR_MASS},
      {1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
       2.96460137564761618e-03 * DAYS_PER_YEAR, 2.37847173959480950e-03 * DAYS_PER_YEAR,
       -2.96589568540237556e-05 * DAYS_PER_YEAR, 4.36624404335156298e-05 * SOLAR_MASS},
      {1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
       2.68067772490389322e-03 * DAYS_PER_YEAR, 1.62824170038242295e-03 * DAYS_PER_YEAR,
       -9.51592254519715870e-05 * DAYS_PER_YEAR, 5.15138902046611451e-05 * SOLAR_MASS}};
  for (int i = 0; i < NB; ++i)
    for (int k = 0; k < 7; ++k) b[i][k] = init[i][k];
}

static void make_pairs(int p[NP][2]) {
  int k = 0;
  for (int i = 0; i < NB; ++i)
    for (int j = i + 1; j < NB; ++j) {
      p[k][0] = i;
      p[k][1] = j;
      ++k;
    }
}

static void offset_momentum(double b[NB][7]) {
  double px = 0.0, py = 0.0, pz = 0.0;
  for (int i = 0; i < NB; ++i) {
    px = px - b[i][3] * b[i][6];
    py = py - b[i][4] * b[i][6];
    pz = pz - b[i][5] * b[i][6];
  }
  b[0][3] = px / b[0][6];
  b[0][4] = py / b[0][6];
  b[0][5] = pz / b[0][6];
}

static double energy(double b[NB][7], int p[NP][2]) {
  double e = 0.0;
  for (int k = 0; k < NP; ++k) {
    double* b1 = b[p[k][0]];
    double* b2 = b[p[k][1]];
    double dx = b1[0] - b2[0], dy = b1[1] - b2[1], dz = b1[2] - b2[2];
    e = e - b1[6] * b2[6] / sqrt(dx * dx + dy * dy + dz * dz);
  }
  for (int i = 0; i < NB; ++i)
    e = e + 0.5 * b[i][6] * (b[i][3] * b[i][3] + b[i][4] * b[i][4] + b[i][5] * b[i][5]);
  return e;
}

static void advance(double b[NB][7], int p[NP][2], double dt, long steps) {
  for (long step = 0; step < steps; ++step) {
    for (int k = 0; k < NP; ++k) {
      double* b1 = b[p[k][0]];
      double* b2 = b[p[k][1]];
      double dx = b1[0] - b2[0], dy = b1[1] - b2[1], dz = b1[2] - b2[2];
      double d2 = dx * dx + dy * dy + dz * dz;
      double mag = dt / (d2 * sqrt(d2));
      double m1 = b1[6] * mag, m2 = b2[6] * mag;
      b1[3] = b1[3] - dx * m2;
      b1[4] = b1[4] - dy * m2;
      b1[5] = b1[5] - dz * m2;
      b2[3] = b2[3] + dx * m1;
      b2[4] = b2[4] + dy * m1;
      b2[5] = b2[5] + dz * m1;
    }
    for (int i = 0; i < NB; ++i) {
      b[i][0] = b[i][0] + dt * b[i][3];
      b[i][1] = b[i][1] + dt * b[i][4];
      b[i][2] = b[i][2] + dt * b[i][5];
    }
  }
}

static void bench(long steps, double* before, double* after) {
  double b[NB][7];
  int p[NP][2];
  make_system(b);
  make_pairs(p);
  offset_momentum(b);
  *before = energy(b, p);
  advance(b, p, 0.01, steps);
  *after = energy(b, p);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  double wb, wa, before, after;
  bench(N, &wb, &wa);
  double t0 = now();
  bench(N, &before, &after);
  double t1 = now();
  assert(before == wb && after == wa);
  printf("%.9f\n%.9f\n", before, after);
  printf("time: %.3f ms\n", (t1 - t0) * 1000.0);
  return 0;
}
