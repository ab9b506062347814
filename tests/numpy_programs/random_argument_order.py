# exact output
# Arguments that draw are evaluated once each, in CPython's order (keywords as written), before
# the call draws; short-circuits and branches draw only what CPython evaluates.
import numpy as np

np.random.seed(2)
rng = np.random.default_rng(3)
print(np.random.permutation(np.random.randint(3, 8)))
print(np.random.choice(np.random.randint(2, 9), 3))
print(np.random.normal(scale=np.random.rand(), loc=np.random.rand()))
print(np.random.uniform(high=np.random.rand() + 1, low=np.random.rand(), size=np.random.randint(1, 4)))
print(rng.integers(high=rng.integers(5, 10), low=rng.integers(0, 3)))
print(rng.uniform(size=np.random.randint(1, 4), low=np.random.rand()))
print(rng.choice(rng.integers(2, 5), size=int(rng.integers(1, 3)), replace=False))
print(np.random.rand() < 0.5 or np.random.rand() < 0.5, np.random.rand())
print(rng.random() if np.random.rand() < 0.5 else np.random.rand() + rng.random())
x = np.random.rand(3) + np.random.randn(3) * rng.random(3)
print(x, np.random.rand(2)[np.random.randint(0, 2)])
print(np.random.rand() < np.random.rand() < np.random.rand(), np.random.rand())
t = (np.random.rand(), rng.random(), np.random.randint(9))
print(t)


def twice(g):
    return g.random() - g.random()


print(twice(rng), twice(np.random.default_rng(np.random.randint(100))))
