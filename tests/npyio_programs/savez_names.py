# np.savez: positional arrays as arr_0, arr_1, ...; keyword ones by name (numpy stores those
# first); savez_compressed; reading members directly or through a name bound to the archive.
import numpy as np

w1 = np.arange(6, dtype=np.float32).reshape(2, 3)
b1 = np.array([0.5, -0.5, 1.0], dtype=np.float32)
np.savez("model.npz", w1, b1, steps=np.int64(12), mask=w1 > 2.0)
np.savez("plain", np.eye(2))  # numpy appends ".npz"
np.savez_compressed("packed.npz", x=np.linspace(0.0, 1.0, 7), y=np.arange(20).reshape(4, 5))
np.savez("empty_members.npz", e=np.zeros((0, 2)), s=3.5, n=7, t=True)

m = np.load("model.npz")
print(m["arr_0"])
print(m["arr_1"].dtype, m["arr_1"])
print(m["steps"], m["mask"])
print(m["arr_0.npy"].shape)  # numpy finds a member by its file name too
print(np.load("plain.npz")["arr_0"])
p = np.load("packed.npz")
print(p["x"], p["y"].sum(axis=0))
q = np.load("empty_members.npz")
print(q["e"].shape, q["s"], q["n"], q["t"])
print(np.load("model.npz")["arr_0"] @ np.load("model.npz")["arr_1"].reshape(3, 1))
