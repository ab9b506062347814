def find(n, target):
    for i in range(n):
        for j in range(n):
            if i * j == target:
                return i * 100 + j
    return -1


def show(n):
    print(find(n, 12))


show(10)
