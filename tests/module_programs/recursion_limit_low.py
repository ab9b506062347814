# expect-runtime-error: 8:20|5:5
import sys


def depth(k):
    if k == 0:
        return 0
    return 1 + depth(k - 1)


sys.setrecursionlimit(60)
print(depth(50))
print(depth(59))
