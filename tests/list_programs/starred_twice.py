# expect-error: 2:1 starred
a, *b, *c = [1, 2, 3]
print(a, b, c)
