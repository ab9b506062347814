# exact output
# A Generator is shared by reference, as in Python: two names for one generator share its state,
# drawing in a function advances the caller's, and one made per loop iteration is a fresh one.
import numpy as np


def draw_three(g):
    return g.random(3)


def make(seed):
    return np.random.default_rng(seed)


def noisy(x, g):
    return x + g.normal(0.0, 0.1, x.shape)


rng = np.random.default_rng(2024)
same = rng
print(rng.random(), same.random())
print(draw_three(same))
print(rng.integers(100))

# A module-level generator read by a function.
def from_global():
    return rng.standard_normal()


print(from_global(), from_global())
print(rng.random())

# Returned from a function, chosen by a branch, carried through a loop.
g = make(5)
print(g.random())
if g.random() > 0.5:
    h = make(6)
else:
    h = g
print(h.random(), g.random())
total = 0.0
for i in range(5):
    k = np.random.default_rng(i)
    total = total + k.random()
    g = make(i + 100) if i % 2 == 0 else g
print(total, g.random())

# Many generators, one per iteration: each freed when the next replaces it.
s = 0.0
for i in range(20000):
    r = np.random.default_rng(i)
    s = s + r.random()
print(s)

# A tuple holding a generator.
pair = (np.random.default_rng(9), 3)
print(pair[0].integers(0, 10, pair[1]))

x = noisy(np.zeros((2, 3)), rng)
print(x)
# Legacy and Generator streams are independent of each other.
np.random.seed(11)
a = np.random.rand()
b = make(11).random()
np.random.seed(11)
print(a == np.random.rand(), b)
