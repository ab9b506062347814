# expect-error: 3:10 zip
rows = [[1, 2], [3, 4]]
for c in zip(*rows):
    print(c)
