# expect-error: 3:12 type
xs = [1, 2]
print(next(xs))
