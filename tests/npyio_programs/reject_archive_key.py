# expect-error: 8:33 9:9
# A member that is not in the archive when compiling (numpy raises KeyError), and a key known
# only at run time.
import numpy as np

z = np.load("np_weights.npz")
key = "w" + str(1)
print(np.load("np_weights.npz")["w2"])
print(z[key])
