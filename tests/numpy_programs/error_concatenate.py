# exact output
# numpy's ValueError for sizes that differ off the concatenation axis, reached in a loop.
import numpy as np

acc = np.zeros((2, 2))
for n in range(2, 5):
    acc = np.concatenate([acc, np.ones((n, 2))], axis=0)
    print(acc.shape)
    acc = np.concatenate((acc, np.ones((3, 2))), axis=1)
