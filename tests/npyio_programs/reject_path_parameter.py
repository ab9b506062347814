# expect-error: 6:20
# A path known only at run time leaves np.load's dtype and rank unknown when compiling.
import numpy as np

def load(path):
    return np.load(path)

print(load("np_f32.npy"))
