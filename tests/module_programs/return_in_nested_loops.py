def triple(total):
    for a in range(1, total // 3):
        for b in range(a + 1, total // 2):
            c = total - a - b
            if a * a + b * b == c * c:
                return a * b * c
    return None


def first_pair(xs, target):
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            if xs[i] + xs[j] == target:
                return (i, j)
    return (-1, -1)


print(triple(1000), triple(10))
print(first_pair([1, 4, 6, 9], 10), first_pair([1, 2], 10))
