# exact output
# np.random.default_rng(seed) Generators: numpy's numbers for the same seed, scalars where numpy
# returns scalars (np.int64 from integers, an element from choice of an array), several seeds,
# sizes and shapes.
import numpy as np


def show(a):
    print(a.shape, a.dtype)
    print(a)
    print(a.sum())


def floats(rng):
    print(rng.random())
    show(rng.random(4))
    show(rng.random((2, 3)))
    show(rng.random(size=0))
    print(rng.random(dtype=np.float32))
    show(rng.random(5, dtype=np.float32))
    show(rng.random((2, 2), np.float32))
    print(rng.random())
    print(rng.standard_normal())
    show(rng.standard_normal(6))
    show(rng.standard_normal((3, 2)))
    print(rng.normal())
    print(rng.normal(10.0, 0.1))
    show(rng.normal(-2, 3, 4))
    show(rng.normal(loc=1.0, size=(2, 2)))
    print(rng.uniform())
    print(rng.uniform(-1.0, 1.0))
    show(rng.uniform(0, 100, 5))
    show(rng.uniform(high=2.0, size=(1, 4)))


def ints(rng):
    x = rng.integers(10)
    print(x, x + 1, x * 2.5)
    print(rng.integers(-5, 5))
    print(rng.integers(2**40, 2**40 + 3))
    print(rng.integers(0, 6, endpoint=True))
    show(rng.integers(7, size=10))
    show(rng.integers(-3, 3, (2, 4)))
    show(rng.integers(0, 2**33, 4))
    show(rng.integers(1, 6, size=8, endpoint=True))
    show(rng.integers(5, 5, size=0))
    show(rng.integers(-9223372036854775807 - 1, 9223372036854775807, 3))


def choices(rng):
    print(rng.choice(10))
    print(rng.choice(10, replace=False))
    show(rng.choice(10, 4))
    show(rng.choice(10, (2, 3)))
    show(rng.choice(10, 10, replace=False))
    show(rng.choice(100000, 5, replace=False))
    show(rng.choice(20000, 600, replace=False, shuffle=False)[:5])
    data = np.array([0.5, 1.5, 2.5, 3.5])
    x = rng.choice(data)
    print(x, x * 2)
    show(rng.choice(data, 6))
    show(rng.choice(data, 3, replace=False))
    p = np.array([0.1, 0.0, 0.6, 0.3])
    show(rng.choice(4, 8, p=p))
    show(rng.choice(data, 2, replace=False, p=p))
    print(rng.choice(4, p=p))
    show(rng.choice(np.array([3, 1, 4, 1, 5]), size=(2, 2)))
    show(rng.permutation(8))
    show(rng.permutation(np.arange(5) * 1.5))
    show(rng.permutation(np.arange(12).reshape(4, 3)))
    b = np.arange(6)
    b = rng.permutation(b)  # what rng.shuffle(b) does
    show(b)


def run(seed):
    print("seed", seed)
    rng = np.random.default_rng(seed)
    floats(rng)
    ints(rng)
    choices(rng)


run(0)
run(1)
run(42)
run(2**32 + 5)
run(9223372036854775807)
