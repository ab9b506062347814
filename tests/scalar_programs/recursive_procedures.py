# Recursive functions that return no value: their calls are None even before any return.
def hanoi(n, a, b, c):
    if n > 0:
        hanoi(n - 1, a, c, b)
        print("move", n, a, "->", c)
        hanoi(n - 1, b, a, c)


def countdown(n):
    print(n)
    if n > 0:
        countdown(n - 1)


hanoi(3, "A", "B", "C")
countdown(3)
r = countdown(0)
print(r)
