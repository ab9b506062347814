# exact output
# np.random's legacy functions on the module's RandomState: numpy's numbers for the same seed,
# scalars where numpy returns scalars, several seeds, sizes and shapes.
import numpy as np


def show(a):
    print(a.shape, a.dtype)
    print(a)
    print(a.sum())


def floats(seed):
    np.random.seed(seed)
    print(np.random.rand())
    show(np.random.rand(5))
    show(np.random.rand(2, 3))
    show(np.random.rand(0))
    print(np.random.randn())
    show(np.random.randn(4))
    show(np.random.randn(3, 1, 2))
    print(np.random.random(), np.random.random_sample(), np.random.ranf(), np.random.sample())
    show(np.random.random(3))
    show(np.random.random((2, 2)))
    show(np.random.random_sample(size=(1, 3)))
    show(np.random.ranf(2))
    show(np.random.standard_normal((2, 2)))
    print(np.random.uniform())
    print(np.random.uniform(-2.0, 3.0))
    print(np.random.uniform(high=10))
    show(np.random.uniform(1, 2, 6))
    show(np.random.uniform(5.0, 2.0, size=(2, 2)))
    print(np.random.normal())
    print(np.random.normal(3.0, 0.5))
    print(np.random.normal(scale=2.0))
    show(np.random.normal(0.0, 1.0, 5))
    show(np.random.normal(-1, 10, (3, 2)))
    show(np.random.normal(2.0, 0.0, 3))


def ints(seed):
    np.random.seed(seed)
    print(np.random.randint(10))
    print(np.random.randint(-5, 5))
    print(np.random.randint(2**40, 2**40 + 3))
    print(np.random.randint(-9223372036854775807 - 1, 9223372036854775807))
    show(np.random.randint(7, size=10))
    show(np.random.randint(-3, 3, (2, 4)))
    show(np.random.randint(0, 2**33, 4))
    show(np.random.randint(5, 5, size=0))
    show(np.random.randint(0, 1, size=3))
    show(np.random.randint(3, size=()))


def choices(seed):
    np.random.seed(seed)
    print(np.random.choice(10))
    print(np.random.choice(10, replace=False))
    show(np.random.choice(10, 4))
    show(np.random.choice(10, (2, 3)))
    show(np.random.choice(10, 10, replace=False))
    show(np.random.choice(1000, 5, replace=False))
    data = np.array([0.5, 1.5, 2.5, 3.5])
    x = np.random.choice(data)
    print(x, x * 2)
    show(np.random.choice(data, 6))
    show(np.random.choice(data, 3, replace=False))
    p = np.array([0.1, 0.0, 0.6, 0.3])
    show(np.random.choice(4, 8, p=p))
    show(np.random.choice(data, 2, replace=False, p=p))
    print(np.random.choice(4, p=p))
    show(np.random.choice(np.arange(5) * 10, size=(2, 2)))
    show(np.random.choice(np.array([True, False]), 5))
    show(np.random.choice(np.arange(6, dtype=np.float32), 3))
    show(np.random.permutation(8))
    show(np.random.permutation(0))
    show(np.random.permutation(np.arange(5) * 1.5))
    show(np.random.permutation(np.arange(12).reshape(4, 3)))
    show(np.random.permutation(np.arange(24.0).reshape(2, 3, 4).transpose(1, 0, 2)))
    a = np.arange(10)
    a = np.random.permutation(a)  # what np.random.shuffle(a) does
    show(a)


def run(seed):
    print("seed", seed)
    floats(seed)
    ints(seed)
    choices(seed)


run(0)
run(1)
run(42)
run(12345)
run(4294967295)

# The Gaussian cache: randn makes two values per pair; the second waits across other draws.
np.random.seed(7)
print(np.random.randn())
print(np.random.rand())
print(np.random.randn())
np.random.seed(7)
print(np.random.normal(1.0, 2.0), np.random.randint(100), np.random.normal())
# Draws whose results are unused still advance the stream.
np.random.seed(3)
np.random.rand(3)
np.random.randint(5)
print(np.random.rand())
# Numpy scalars as parameters give Python floats and ints.
v = np.arange(3.0)
print(np.random.uniform(v[1], v[2]), np.random.randint(np.arange(5)[4]))
