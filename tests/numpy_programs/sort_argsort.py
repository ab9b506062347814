# exact output
# np.sort / np.argsort / a.argsort: numpy's introsort (ties in argsort land where numpy's land,
# -0.0 and 0.0 where its float64 sort puts them), nan last, axis (negative, None), kinds.
import numpy as np

f = np.array([[3.0, -1.0, 2.0, -1.0, np.nan, 0.5], [np.inf, -np.inf, 0.0, -0.0, 0.0, -0.0]])
i = np.array([[5, 3, 5, 1, 3, 5, 1], [0, 0, 0, 0, 0, 0, 0]])
b = np.array([True, False, True, False, False, True])
g = np.array([2.5, -1.5, 0.25, 2.5, np.nan, -7.0], dtype=np.float32)
print(np.sort(f), np.sort(f, axis=0), np.sort(f, axis=None), np.argsort(f), f.argsort(axis=0))
print(np.sort(i), np.argsort(i, axis=-1), np.sort(i, axis=-2), np.argsort(i, axis=None), np.sort(b), np.argsort(b))
print(np.sort(g), np.argsort(g), g.argsort(kind="stable"), np.sort(g, kind="heapsort"))
# float32 on an AVX-512 CPU: numpy's AVX-512 quicksort, whose min/max keep one sign of equal zeros
# (the count of -0.0 may change); pyscript replays it.
h = (np.arange(300) % 7 - 3.0).astype(np.float32) * np.where(np.arange(300) % 5 < 2, -1.0, 1.0).astype(np.float32)
print(np.sort(h[:10]), np.sort(h[:40]), np.sort(h[:130]), np.sort(h).reshape(20, 15)[9:11], np.sort(h.reshape(3, 100), axis=0)[:, :12])

# Ties past 16 elements: numpy's quicksort is not stable, and argsort follows its partitions.
t = np.array([3, 1, 2, 1, 3, 0, 2, 2, 1, 3, 0, 0, 1, 2, 3, 1, 0, 2, 3, 1, 2, 0, 1, 3, 2, 2, 1, 0, 3, 1])
print(np.argsort(t), np.argsort(t, kind="stable"), np.argsort(t, kind="mergesort"), np.argsort(t, kind="heapsort"))
z = np.array([0.0, -0.0, 1.0, -0.0, 0.0, 0.0, -0.0, -1.0, -0.0, 0.0, 0.0, 2.0, -0.0, 0.0, -0.0, 0.0, 0.0, -0.0, 0.0, -0.0])
print(np.sort(z), np.argsort(z), np.sort(z, kind="stable"), np.sort(z, kind="heapsort"))
w = np.arange(60) % 7 * 1.5 - 3.0
print(np.argsort(w), np.sort(w[::-1]), np.argsort(w.reshape(3, 4, 5), axis=1))
print(np.sort(np.zeros((0, 3))), np.argsort(np.zeros((2, 0)), axis=0), np.sort(np.array(4.0), axis=None))
