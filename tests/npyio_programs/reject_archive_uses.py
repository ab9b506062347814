# expect-error: 6:7 7:11 9:7 12:1
# An archive is read as z["member"] only: printing it, measuring it, passing it on, or giving its
# name another value are diagnostics, never a str (pyscript binds the name to the path).
import numpy as np
z = np.load("np_weights.npz")
print(z)
print(len(z))
print(z["w1"].shape)
print(np.load("np_weights.npz"))
def f(a):
    return a
z = 3
