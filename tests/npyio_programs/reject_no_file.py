# expect-error: 5:5
# No such file when compiling, and nothing in the program saves one there first.
import numpy as np

x = np.load("nothing_here.npy")
print(x)
np.save("nothing_here.npy", np.zeros(2))
