# np.full with -0.0 fills negative zeros (found by the mutation fuzzer: the runtime cleared the
# buffer for any value equal to 0.0). Dividing by them shows the sign as -inf.
import numpy as np


def filled(n, v):
    return np.full(n, v)


print(np.full(3, -0.0), np.full((2, 2), -0.0, dtype=np.float32), filled(4, -0.0))
print(1.0 / np.full(2, -0.0), 1.0 / np.full(2, 0.0), np.zeros(2) * -1.0)
