# numpy wraps printed rows at 75 columns, leaving room for the closing ']' after every element
# (the last one too), and prints every bool of an array 5 wide. Rows of every length from 3 to 25
# elements, for element widths of 3 to 15 characters, cross each boundary once.
import numpy as np


def rows(v):
    for n in range(3, 26):
        print(np.full(n, v))
        print(np.full((2, n), v))
        print(np.full((2, 2, n), v).astype(np.float32))


rows(1.5)
rows(-2.25)
rows(123.125)
rows(-9.0777874e-05)
rows(9.0777874e-05)
rows(1e10)
for n in range(3, 26):
    print(np.arange(n) * 1000000 - 3)
    print(np.full(n, 7))
    print(np.arange(n) > -1)
    print(np.arange(n) > 2)
