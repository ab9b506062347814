# exact output
# np.vstack of rows of different lengths: numpy's concatenate error, with the rows made 2-d.
import numpy as np

rows = (np.arange(3), np.arange(3) * 2)
print(np.vstack(rows))
print(np.hstack([np.ones((2, 1)), np.ones((2, 2))]).shape)
print(np.vstack([np.arange(3), np.arange(4)]))
