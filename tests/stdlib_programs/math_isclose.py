import math
from math import isclose

print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1.0, 1.1), math.isclose(1, 1))
print(isclose(1e-10, 0.0), isclose(1e-10, 0.0, abs_tol=1e-9), isclose(100.0, 101.0, rel_tol=0.01))
print(isclose(float("inf"), float("inf")), isclose(float("inf"), 1e308), isclose(float("nan"), float("nan")))
print(isclose(5, 5.0000000001), isclose(True, 1.0))
try:
    isclose(1.0, 2.0, rel_tol=-1.0)
except ValueError as e:
    print("ValueError:", e)
