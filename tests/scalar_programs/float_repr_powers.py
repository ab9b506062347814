# repr of floats next to powers of two, where the shortest digits that read back are not the
# correctly rounded digits of any precision (2.0 ** -24 is 5.960464477539063e-08); found by the
# mutation test.
x = 1.0
for i in range(1074):
    x = x / 2.0
    print(x, -x * 3.0)
y = 1.0
for i in range(1023):
    y = y * 2.0
    print(y)
print(2.0 ** -24, 0.1 + 0.2, 1e16, 1e-5)
