# exact output
# normal() with arrays (or lists) of locs or scales: loc + scale * z, z drawn in C order over size
import numpy as np

rng = np.random.default_rng(42)
print(rng.normal(loc=[-1.0, -0.5], scale=0.8, size=(3, 2)))
means = np.array([[0.0, 0.0], [5.0, 5.0], [0.0, 6.0]])
parts = [rng.normal(m, 0.8, size=(2, 2)) for m in means]
print(np.vstack(parts), rng.normal(0.0, np.array([1.0, 2.0, 0.5]), size=(2, 3)), rng.random())
np.random.seed(3)
print(np.random.normal(np.arange(3), 1.0, size=(2, 3)), np.random.normal([1, 2], [0.5, 0.0], (1, 2)), np.random.rand())
for bad in ([1.0, -1.0], [0.0, 1.0]):
    try:
        print(rng.normal([0.0, 0.0], bad, size=2))
    except ValueError as e:
        print("ValueError:", e)
x = np.arange(4.0)
print("%.4f %d %s %5.1f|%s" % (x.sum(), np.arange(3).sum(), x.mean(), x.max(), x.sum() > 2), "%.3f" % x.std())
print(rng.normal(np.zeros(3)), rng.normal([1.0, 2.0], np.ones((2, 1))), np.random.normal(np.arange(2.0), [[1.0], [2.0]]))
