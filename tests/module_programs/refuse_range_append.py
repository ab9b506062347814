# expect-error: 3:3 type
r = range(3)
r.append(4)
