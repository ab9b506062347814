# A name assigned on every path that reaches its use, when another path left by continue
# (regression from the random program tests: it was reported as possibly undefined).
def f(n):
    s = 0
    for i in range(n):
        if i % 3 == 0:
            v = i * 2
        else:
            if i % 3 == 1:
                continue
            v = i + 100
        s = s + v
    return s

print(f(10))
