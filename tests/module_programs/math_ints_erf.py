# math.erf/erfc (libm's, as CPython's), and math.gcd/factorial/isqrt on ints with CPython's errors
import math
from math import gcd, factorial, isqrt, erf


def norm_cdf(x):
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


print(norm_cdf(0.3), norm_cdf(-1.7), erf(2.5), math.erfc(0.5), math.erf(0.0), math.erfc(-3.0))
print([round(erf(x / 10), 12) for x in range(-5, 6)])
print(gcd(12, 18), gcd(-12, 18), gcd(0, 0), gcd(7), gcd(-7), gcd(), gcd(24, 36, 60), gcd(True, 4))
print(factorial(0), factorial(1), factorial(10), factorial(20))
print(isqrt(0), isqrt(15), isqrt(16), isqrt(9223372036854775807), isqrt(10 ** 18 - 1))
total = 0
for n in range(1, 200):
    r = isqrt(n * 37)
    total = total + r + gcd(n, 360) + factorial(n % 8)
    if not (r * r <= n * 37 < (r + 1) * (r + 1)):
        print("bad isqrt", n)
print(total)
for bad in (-1, -5):
    try:
        factorial(bad)
    except ValueError as e:
        print("ValueError:", e)
    try:
        isqrt(bad)
    except ValueError as e:
        print("ValueError:", e)
print(sum(int(d) for d in str(factorial(15))))
