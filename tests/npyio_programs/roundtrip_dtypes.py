# np.save then np.load of every dtype pyscript has, ranks 0 to 3: the files are numpy's bytes
# (run.py compares them with CPython's), and what comes back prints as it went in.
import numpy as np

f32 = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 8
f64 = np.array([[1.5, -0.0, np.inf], [np.nan, 1e-310, -2.25]])
i64 = np.array([2**62, -2**62 - 2**62, 0, -1, 7], dtype=np.int64)
flags = np.array([[True, False], [False, True], [True, True]])

np.save("f32_r3.npy", f32)
np.save("f64_r2.npy", f64)
np.save("i64_r1.npy", i64)
np.save("bool_r2.npy", flags)
np.save("f64_r0.npy", np.float64(0.1))
np.save("f32_r0.npy", np.float32(2.5))
np.save("i64_r0.npy", np.int64(-9))
np.save("bool_r0.npy", np.bool_(True))
np.save("i64_r2_empty.npy", np.zeros((0, 3), dtype=np.int64))
np.save("f32_r1_empty", np.zeros(0, dtype=np.float32))  # numpy appends ".npy"
np.save("bool_r3.npy", f32 > 1.0)
np.save("i64_r3.npy", np.arange(8).reshape(2, 2, 2))
np.save("f64_r1.npy", np.linspace(-1.0, 1.0, 5))

a = np.load("f32_r3.npy")
print(a, a.dtype, a.shape)
b = np.load("f64_r2.npy")
print(b, b.dtype, b.shape)
c = np.load("i64_r1.npy")
print(c, c.dtype, c.shape)
d = np.load("bool_r2.npy")
print(d, d.dtype, d.shape)
print(np.load("f64_r0.npy"), np.load("f32_r0.npy"), np.load("i64_r0.npy"), np.load("bool_r0.npy"))
e = np.load("i64_r2_empty.npy")
print(e, e.dtype, e.shape)
f = np.load("f32_r1_empty.npy")
print(f, f.dtype, f.shape)
g = np.load("bool_r3.npy")
print(g.sum(), g.shape, g.dtype)
h = np.load("i64_r3.npy")
print(h * 2, h.dtype)
k = np.load("f64_r1.npy")
print(k.sum(), k[1], k.dtype)
print(np.load("f64_r0.npy") + 1.0, np.load("i64_r0.npy") * 3)
print((a == f32).all(), (c == i64).all(), (d == flags).all())
