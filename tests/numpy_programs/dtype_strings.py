# dtype= and .astype() with numpy's string names and codes, as in dtype="float32".
import numpy as np

a = np.zeros((2, 3), dtype="float32")
b = np.ones(4, dtype="int64")
c = np.full((2, 2), 1.5, dtype="f8")
d = np.arange(5, dtype="float")
e = np.array([1, 0, 2], dtype="bool")
print(a.dtype, b.dtype, c.dtype, d.dtype, e.dtype)
print(a + 1, b * 2, c, d / 2, e)
print(d.astype("int"), d.astype("f4").dtype, b.astype("?"), b.astype("double").dtype)
print(np.linspace(0.0, 1.0, 5, dtype="single"))
