/* bench/classes/nbody_classes.py in C (gcc -O2): the same algorithm, the same floating-point
 * operations in the same order, the same output; a Vec is a struct of three doubles passed and
 * returned by value (what the Python program's new Vec per operator is, minus the allocation), a
 * Body a struct of two Vecs and a mass, the pairs index pairs. Prints its hot part's time (the
 * second of two runs) on a line "time: ... ms", as the Python program does. */
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

typedef struct {
  double x, y, z;
} Vec;

typedef struct {
  Vec pos, vel;
  double mass;
} Body;

static Vec vec(double x, double y, double z) {
  Vec v = {x, y, z};
  return v;
}
static Vec add(Vec a, Vec b) { return vec(a.x + b.x, a.y + b.y, a.z + b.z); }
static Vec sub(Vec a, Vec b) { return vec(a.x - b.x, a.y - b.y, a.z - b.z); }
static Vec mul(Vec a, double k) { return vec(a.x * k, a.y * k, a.z * k); }
static double dot(Vec a, Vec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

static Body body(Vec pos, Vec vel, double mass) {
  Body b = {pos, vel, mass};
  return b;
}

static void make_system(Body b[NB]) {
  b[0] = body(vec(0.0, 0.0, 0.0), vec(0.0, 0.0, 0.0), SOLAR_MASS);
  b[1] = body(vec(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01),
              mul(vec(1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05), DAYS_PER_YEAR),
              9.54791938424326609e-04 * SOLAR_MASS);
  b[2] = body(vec(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01),
              mul(vec(-2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05), DAYS_PER_YEAR),
              2.85885980666130812e-04 * SOLAR_MASS);
  b[3] = body(vec(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01),
              mul(vec(2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05), DAYS_PER_YEAR),
              4.36624404335156298e-05 * SOLAR_MASS);
  b[4] = body(vec(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01),
              mul(vec(2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05), DAYS_PER_YEAR),
              5.15138902046611451e-05 * SOLAR_MASS);
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

static void offset_momentum(Body b[NB]) {
  Vec p = vec(0.0, 0.0, 0.0);
  for (int i = 0; i < NB; ++i) p = sub(p, mul(b[i].vel, b[i].mass));
  b[0].vel = vec(p.x / b[0].mass, p.y / b[0].mass, p.z / b[0].mass);
}

static double energy(const Body b[NB], int p[NP][2]) {
  double e = 0.0;
  for (int k = 0; k < NP; ++k) {
    const Body* b1 = &b[p[k][0]];
    const Body* b2 = &b[p[k][1]];
    Vec d = sub(b1->pos, b2->pos);
    e = e - b1->mass * b2->mass / sqrt(dot(d, d));
  }
  for (int i = 0; i < NB; ++i) e = e + 0.5 * b[i].mass * dot(b[i].vel, b[i].vel);
  return e;
}

static void advance(Body b[NB], int p[NP][2], double dt, long steps) {
  for (long step = 0; step < steps; ++step) {
    for (int k = 0; k < NP; ++k) {
      Body* b1 = &b[p[k][0]];
      Body* b2 = &b[p[k][1]];
      Vec d = sub(b1->pos, b2->pos);
      double d2 = dot(d, d);
      double mag = dt / (d2 * sqrt(d2));
      b1->vel = sub(b1->vel, mul(d, b2->mass * mag));
      b2->vel = add(b2->vel, mul(d, b1->mass * mag));
    }
    for (int i = 0; i < NB; ++i) b[i].pos = add(b[i].pos, mul(b[i].vel, dt));
  }
}

static void bench(long steps, double* before, double* after) {
  Body b[NB];
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
