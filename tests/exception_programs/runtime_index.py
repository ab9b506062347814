# IndexError from the runtime, caught with CPython's messages.
xs = [10, 20, 30]
for i in [0, 3, -4, 2]:
    try:
        print("get", xs[i])
    except IndexError as e:
        print("get", i, e)
try:
    xs[7] = 1
except IndexError as e:
    print("set:", e)
empty: list[int] = []
try:
    empty.pop()
except IndexError as e:
    print("pop:", e)
try:
    xs.pop(10)
except IndexError as e:
    print("pop at:", e)
s = "abc"
try:
    print(s[5])
except IndexError as e:
    print("str:", e)
t = (1, 2)
rows = [[1, 2], [3]]
total = 0
for r in rows:
    try:
        total = total + r[1]
    except LookupError as e:
        print("row", r, "has no second element:", e)
print("total", total)
