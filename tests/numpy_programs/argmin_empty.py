# exact output; ends with an error
# argmin of an empty lane raises numpy's ValueError; the reductions with an identity do not.
import numpy as np

e = np.zeros((3, 0))
print(np.prod(e, axis=1), np.all(e, axis=1), np.any(e, axis=1), np.count_nonzero(e, axis=1), np.argmin(e, axis=0))
print(np.cumsum(e, axis=1), np.sort(e, axis=1), np.argsort(e), np.round(e, 2), np.clip(e, 0, 1))
print(np.argmin(e, axis=1))
