# np.float32(x), np.float64, np.int64, np.bool_: numpy scalars of Python numbers (rounded, truncated
# as numpy converts), casts of arrays; their arithmetic follows numpy 2 promotion.
import numpy as np
a = np.float32(0.1)
b = np.arange(4, dtype=np.float32)
print(a, a * b, (b * a).dtype, a + 1.5, np.float64(2) / 3, np.int64(-2.7), np.int64(7) // 2, np.bool_(2.5))
print(np.float32(b * 2), np.int64(b / 3), np.float64(True), (np.float32(1.0) + np.float32(2.0)).dtype)
print(f"{np.float32(0.1)} {np.float32(0.1):.10f} {np.int64(5):>3}")
h = np.float32(0.5) * np.arange(3.0)
print(h.dtype, h)
