# expect-runtime-error: 12:5
# The program saves never.npy only in a branch not taken (that save gives np.load its type):
# numpy's FileNotFoundError at the load.
import sys

import numpy as np

if len(sys.argv) > 5:
    np.save("never.npy", np.zeros(3))
print("before")
# the load:
x = np.load("never.npy")
print(x)
