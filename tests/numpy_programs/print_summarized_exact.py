# exact output: numpy formats a summarized array ("..." past 1000 elements) from the elements it
# shows only; float32 scientific columns go on with the value's own digits; max/min reductions
# keep the later of 0.0 and -0.0; np.arange of ints is exact past 2**53 (all found by the random
# tensor programs).
import numpy as np

print(np.where(np.arange(2000) == 1000, 0.123456789, 0.5))
print(np.where(np.arange(2000) == 1000, -5, 5))
print(np.linspace(0.0, 1.0, 1500, dtype=np.float32))
print(np.arange(3000.0).reshape(30, 100) / 8.0)
print(np.arange(2000) > 1000)
print(np.array([1.2345678e-4, 0.3], dtype=np.float32), np.array([1.5e-10, 0.25, 3.0]))
print(np.array([1.0, -0.0, 0.0]).min(), np.array([-1.0, 0.0, -0.0]).max(), np.array([0.0, -0.0]).argmax())
print(np.arange(9007199254740993, 9007199254740995), np.arange(10, 0, -3), np.arange(5, 1), np.arange(-7, 8, 4))
print(np.array([1e-4, 0.64, 13.7641, 1.2345678e-4], dtype=np.float32))
