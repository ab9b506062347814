# exact output; ends with an error
# np.linalg.solve and inv of a singular matrix raise numpy.linalg.LinAlgError: Singular matrix
# (det of one is 0.0); the output before it is numpy's.
import numpy as np

a = np.array([[1.0, 2.0], [2.0, 4.0]])
print(np.linalg.det(a))
print(np.linalg.solve(np.eye(2), np.array([1.0, 2.0])))
print(np.linalg.inv(a))
