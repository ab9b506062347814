# The Benchmarks Game n-body (5 bodies: the sun and the four gas giants), written with classes: a
# `Vec` of three floats whose operators (`+`, `-`, `*` by a float) and `dot` each return a NEW
# Vec, and a `Body` holding its position and velocity as Vecs and its mass. The same constants,
# steps and floating-point operations, in the same order, as bench/lists/nbody.py, so it prints the
# same energies; but about 60 short-lived Vecs per step. bench/run_classes.py runs it under CPython
# and `pyscript run` beside bench/classes/nbody_classes_reference.c (structs by value); the program
# times its own hot part (after a warm-up run).
import math
import time

N = 200000

PI = 3.14159265358979323
SOLAR_MASS = 4.0 * PI * PI
DAYS_PER_YEAR = 365.24


class Vec:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y, self.z + other.z)

    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y, self.z - other.z)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k, self.z * k)

    def dot(self, other):
        return self.x * other.x + self.y * other.y + self.z * other.z


class Body:
    def __init__(self, pos, vel, mass):
        self.pos = pos
        self.vel = vel
        self.mass = mass


def make_system():
    sun = Body(Vec(0.0, 0.0, 0.0), Vec(0.0, 0.0, 0.0), SOLAR_MASS)
    jupiter = Body(Vec(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01),
                   Vec(1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05) * DAYS_PER_YEAR,
                   9.54791938424326609e-04 * SOLAR_MASS)
    saturn = Body(Vec(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01),
                  Vec(-2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05) * DAYS_PER_YEAR,
                  2.85885980666130812e-04 * SOLAR_MASS)
    uranus = Body(Vec(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01),
                  Vec(2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05) * DAYS_PER_YEAR,
                  4.36624404335156298e-05 * SOLAR_MASS)
    neptune = Body(Vec(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01),
                   Vec(2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05) * DAYS_PER_YEAR,
                   5.15138902046611451e-05 * SOLAR_MASS)
    return [sun, jupiter, saturn, uranus, neptune]


def make_pairs(bodies):
    return [(bodies[i], bodies[j]) for i in range(len(bodies)) for j in range(i + 1, len(bodies))]


def offset_momentum(bodies):
    p = Vec(0.0, 0.0, 0.0)
    for b in bodies:
        p = p - b.vel * b.mass
    sun = bodies[0]
    sun.vel = Vec(p.x / sun.mass, p.y / sun.mass, p.z / sun.mass)


def energy(bodies, pairs):
    e = 0.0
    for b1, b2 in pairs:
        d = b1.pos - b2.pos
        e = e - b1.mass * b2.mass / math.sqrt(d.dot(d))
    for b in bodies:
        e = e + 0.5 * b.mass * b.vel.dot(b.vel)
    return e


def advance(bodies, pairs, dt, steps):
    for step in range(steps):
        for b1, b2 in pairs:
            d = b1.pos - b2.pos
            d2 = d.dot(d)
            mag = dt / (d2 * math.sqrt(d2))
            b1.vel = b1.vel - d * (b2.mass * mag)
            b2.vel = b2.vel + d * (b1.mass * mag)
        for b in bodies:
            b.pos = b.pos + b.vel * dt


def bench(steps):
    bodies = make_system()
    pairs = make_pairs(bodies)
    offset_momentum(bodies)
    before = energy(bodies, pairs)
    advance(bodies, pairs, 0.01, steps)
    return before, energy(bodies, pairs)


def report(result):
    before, after = result
    print(f"{before:.9f}")
    print(f"{after:.9f}")


if __name__ == "__main__":
    warm = bench(N)
    t0 = time.perf_counter()
    result = bench(N)
    t1 = time.perf_counter()
    assert result == warm
    report(result)
    print(f"time: {(t1 - t0) * 1000.0:.3f} ms")
