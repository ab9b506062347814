# expect-error: 2:5 conflict
a, *b = (1, "x", 2.5)
print(a, b)
