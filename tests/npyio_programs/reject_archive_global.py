# expect-error: 6:1
# A function reading a module-level name bound to an archive: only where it is loaded is it
# read, as z["member"].
import numpy as np

z = np.load("np_weights.npz")

def weights():
    return z["w1"]

print(weights())
