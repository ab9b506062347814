def between(lo, x, hi):
    return lo <= x < hi


def check(a, b):
    if a > 0 and b > 0:
        return 1
    return 3 if not (a == b) else 4


def show(a, b):
    print(between(0, a, 10), check(a, b))


show(5, -1)
