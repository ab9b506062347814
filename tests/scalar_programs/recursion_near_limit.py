# 999 frames of depth() and the top level's: one below CPython's recursion limit, so this runs.
# (pyscript counts frames as CPython does; one more frame raises RecursionError, tests/cli_test.py.)
def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)


def ping(n):
    if n == 0:
        return 0
    return pong(n - 1) + 1


def pong(n):
    if n == 0:
        return 0
    return ping(n - 1) + 2


print(depth(998))
print(ping(998), pong(997))
