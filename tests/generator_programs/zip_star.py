def matmul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]


def transpose(m):
    return [list(c) for c in zip(*m)]


m = [[1, 2, 3], [4, 5, 6]]
print(transpose(m), transpose(m[:0]), transpose([m[0][:0], m[1][:0]]))
print(matmul(m, [[1, 0], [0, 1], [2, 2]]))
for col in zip(*["abc", "de"]):
    print("".join(col), len(col), col[0], sorted(col), max(col))
rows = [[3, 1], [2, 5], [9, 0]]
best = []
for c in zip(*rows):
    if sum(c) > 100:
        break
    best.append(min(c))
else:
    print("no break", best)
print([[v * 2 for v in c] for c in zip(*rows)])
