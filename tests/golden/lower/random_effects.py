# Draws are effects (Note [Random effects] in lower/lower_random.cpp): two identical draws stay
# two draws, an unused draw stays (it advances the stream), and nothing moves across them.
import numpy as np


def draw(rng):
    return rng.random()


np.random.seed(0)
a = np.random.rand()
b = np.random.rand()
np.random.rand()
rng = np.random.default_rng(1)
same = rng
x = rng.normal(0.0, 1.0)
y = rng.normal(0.0, 1.0)
rng.integers(5)
z = draw(same)
print(a, b, x, y, z)
