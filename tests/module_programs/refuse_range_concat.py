# expect-error: 3:7 type
r = range(3)
print(r + [1])
