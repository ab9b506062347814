# try inside loops: break/continue/return in try, except, else and finally.
def first_bad(xs):
    for i in range(len(xs)):
        try:
            v = 10 // xs[i]
        except ZeroDivisionError:
            return i
        finally:
            print("checked", i)
    return -1


print(first_bad([1, 2, 0, 4]), first_bad([5]))

total = 0
for x in [1, 0, 3, 0, 5, 6]:
    try:
        if x == 5:
            break
        total = total + 10 // x
    except ZeroDivisionError:
        print("skip zero")
        continue
    else:
        print("ok", x, total)
    finally:
        print("after", x)
print("total", total)

n = 0
while n < 10:
    n = n + 1
    try:
        if n % 4 == 0:
            raise ValueError(str(n))
        if n == 7:
            continue
    except ValueError as e:
        print("value", e)
        if n == 8:
            break
    else:
        print("else", n)
    finally:
        print("finally", n)
print("n", n)


def search(rows, want):
    for r in rows:
        for c in r:
            try:
                if c == want:
                    return "found " + str(c)
                if c < 0:
                    raise IndexError("negative")
            except IndexError:
                print("negative in", r)
                break
            finally:
                print("saw", c)
    return "none"


print(search([[1, -2, 3], [4, 5]], 5))
print(search([[1, 2]], 9))
for i in range(3):
    try:
        pass
    finally:
        if i == 1:
            continue
        print("finally of", i)
