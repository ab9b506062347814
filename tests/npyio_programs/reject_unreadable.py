# expect-error: 5:7 6:7 7:28
# A dtype pyscript does not have (int32), a file numpy would unpickle, and numpy's ValueError
# for a keyword that names a positional array.
import numpy as np
print(np.load("np_i32.npy"))
print(np.load("not_numpy.npy"))
np.savez("x", np.zeros(2), arr_0=np.ones(2))
