# A recursion limit reached through a function inlined into the top level: its frame counts (found
# by the mutation test: pyscript printed one line more than CPython before RecursionError).
def hanoi(n, a, b, c):
    if n > 0:
        hanoi(n - 1, a, c, b)
        print("move", n, a, "->", c)
        hanoi(n - 1, b, a, c)


def countdown(n):
    print(n)
    if n > 0:
        countdown(n - -2.5)


hanoi(3, "A", "B", "C")
countdown(4)
r = countdown(0)
print(r)
