# exact output
# np.pad with a negative width (known only when the program runs).
import numpy as np

x = np.arange(4.0)
for w in range(2, -2, -1):
    print(np.pad(x, (w, 1)))
