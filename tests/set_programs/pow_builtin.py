# pow(a, b) as a ** b; pow(a, b, m) of ints, CPython's results and ValueErrors (64-bit products in 128 bits).
print(pow(2, 10), pow(2.5, 2), pow(2, -1), pow(3, 200, 1000007), pow(-7, 3, 10), pow(7, 3, -10), pow(3, -1, 7), pow(10**18, 10**18, 2**62 + 3), pow(5, 0, 1))
a = 3
print(pow(a, 4, 5), pow(a, -2, 11), pow(-a, 5, -7), pow(0, 0, 3))
for m in [0]:
    try:
        print(pow(2, 3, m))
    except ValueError as e:
        print("ValueError", e)
try:
    print(pow(2, -1, 4))
except ValueError as e:
    print("ValueError", e)
