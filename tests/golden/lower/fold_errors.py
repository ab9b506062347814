# Constant folding must not hide what CPython raises: 7 // 0 and the overflow stay as ops.
def bucket(a, b):
    return a // b


x = 3 * 3
big = 4611686018427387904
print(bucket(7, 2), x, 2 ** -1)
print(big * 2)
print(bucket(7, 0))
