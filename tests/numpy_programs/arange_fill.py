# np.arange of floats as numpy fills it: x[0] = start, x[1] = start + step, x[i] = x[0] + i * (x[1] - x[0]).
import numpy as np
i = np.arange(-0.0, 7)
print(i // 3, -i, np.arange(0.1, 1.0, 0.1), np.arange(-0.0, 3, dtype=np.float32), np.arange(1e16, 1e16 + 10, 3.3))
print(np.arange(0.5, 10.5, 0.7).sum(), np.arange(3.0), np.arange(-2.5, 2.0, 0.25))
