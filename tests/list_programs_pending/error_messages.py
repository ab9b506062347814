# CPython's messages for list, dict, str and int errors, caught and printed.
xs = [1, 2, 3]
d = {"a": 1}
t = {(1, 2): "p"}
empty: list[int] = []


def probe(i):
    try:
        if i == 0:
            print(xs[3])
        elif i == 1:
            print(xs[-4])
        elif i == 2:
            xs[5] = 0
        elif i == 3:
            del xs[3]
        elif i == 4:
            print(empty.pop())
        elif i == 5:
            print(xs.pop(7))
        elif i == 6:
            xs.remove(9)
        elif i == 7:
            print(xs.index(9))
        elif i == 8:
            print(d["z"])
        elif i == 9:
            print(t[(2, 1)])
        elif i == 10:
            del d["q"]
        elif i == 11:
            print(d.pop("w"))
        elif i == 12:
            print(int("x1"))
        elif i == 13:
            print("abc"[3])
        elif i == 14:
            print(10 // (len(xs) - 3))
        elif i == 15:
            print(10 % len(empty))
        elif i == 16:
            print(1 / len(empty))
        elif i == 17:
            print(max(empty))
        elif i == 18:
            print(chr(-1))
        elif i == 19:
            print(int(""))
    except IndexError as e:
        print(i, "IndexError", e)
    except KeyError as e:
        print(i, "KeyError", e)
    except ValueError as e:
        print(i, "ValueError", e)
    except ZeroDivisionError as e:
        print(i, "ZeroDivisionError", e)


for i in range(20):
    probe(i)
print(xs, d, t, empty)
try:
    print({1: "a"}[2])
except LookupError as e:
    print("lookup", e)
try:
    print([][0])
except Exception as e:
    print("exception", e)
