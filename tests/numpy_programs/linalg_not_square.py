# exact output; ends with an error
# np.linalg.det of a matrix that is not square: numpy.linalg.LinAlgError, after numpy's output.
import numpy as np

a = np.arange(6.0).reshape(2, 3)
print(np.linalg.norm(a), np.linalg.det(a @ a.T), np.linalg.inv(a @ a.T))
print(np.linalg.det(a))
