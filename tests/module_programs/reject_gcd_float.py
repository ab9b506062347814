# expect-error: 4:16 cannot be interpreted as an integer
# CPython 3.11 raises TypeError: math.gcd takes ints only
import math
print(math.gcd(6.0, 4))
