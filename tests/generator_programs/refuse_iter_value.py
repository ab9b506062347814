# expect-error: 3:6 type
xs = [1, 2]
it = iter(xs)
print(next(it))
