# numpy behaviours the mutation test found pyscript getting wrong: any negative size is reshape's
# unknown dimension (np.zeros((2**62, 0)), too big for numpy, is in tests/cli_test.py).
import numpy as np

a = np.arange(6)
print(a.reshape(-2, 3), a.reshape(2, -5).shape, a.reshape(-7).shape)
print(np.arange(9223372036854775807).shape)  # its length rounds to 2**63 in numpy: empty
