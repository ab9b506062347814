# np.array of a literal with dtype=np.int64 converts each number as int(x) does (mutants 20263796, 20264733).
import numpy as np
print(np.array([1.9, -9223372036854775807], dtype=np.int64), np.array([1.9, -2.5], dtype=np.int64), np.array([[2.7, 3], [1, -0.5]], dtype=np.int64))
try:
    print(np.array([float("nan"), 1], dtype=np.int64))
except ValueError as e:
    print("ValueError:", e)
