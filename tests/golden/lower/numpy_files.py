# np.load, np.save and np.savez read and write files (Note [Effects] in ir/ops.hpp): two loads of
# one file stay two loads (a save between them changes what the second reads), an unused load stays
# (it raises when the file is missing), and nothing moves across them. Each load's type comes from
# the program's own save there (Note [Typing np.load] in lower/lower_numpy_io.cpp).
import numpy as np

w = np.arange(6.0).reshape(2, 3)
np.save("golden_w.npy", w)
a = np.load("golden_w.npy")
np.save("golden_w", a * 2.0)
b = np.load("golden_w.npy")
np.load("golden_w.npy")
np.savez("golden_z.npz", w, bias=np.ones(3, dtype=np.float32))
z = np.load("golden_z.npz")
print(a, b, z["arr_0"], z["bias"], np.load("golden_z.npz")["bias"])
