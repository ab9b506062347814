# break/continue in finally, a raise in a handler caught further out, loops nested in the try body.
def grid_search(rows, want):
    found = "none"
    r = -1
    c = -1
    try:
        for r in range(len(rows)):
            for c in range(len(rows[r])):
                if rows[r][c] == want:
                    raise LookupError(f"at {r},{c}")
                if rows[r][c] < 0:
                    found = "negative seen"
    except LookupError as e:
        found = "found " + str(e)
    return found + f" ({r}, {c})"


print(grid_search([[1, 2], [3, -4, 5]], 5))
print(grid_search([[1, 2], [3, -4, 5]], 9))

out = []
for i in range(5):
    try:
        if i == 2:
            raise ValueError("two, dropped by the continue in finally")
        out.append(i)
    finally:
        if i == 3:
            break
        if i % 2 == 0:
            continue
        out.append(-i)
print(out)


def relay(k):
    try:
        try:
            if k > 0:
                raise KeyError(k)
            return "no error"
        except KeyError as e:
            raise ValueError("relayed " + str(e))
        finally:
            print("inner finally", k)
    except ValueError as e:
        return str(e)


print(relay(0), relay(2))


def depth(n):
    try:
        if n < 0:
            return 0
        if n == 0:
            raise RuntimeError("bottom")
        return depth(n - 1) + 1
    finally:
        print("leaving", n)


try:
    print(depth(3))
except RuntimeError as e:
    print("depth:", e)


def else_raises(x):
    try:
        y = 10 // x
    except ZeroDivisionError:
        return "zero"
    else:
        if y > 5:
            raise OverflowError("big " + str(y))
        return "ok " + str(y)
    finally:
        print("else_raises", x)


for x in [0, 1, 5]:
    try:
        print(else_raises(x))
    except ArithmeticError as e:
        print("arith:", repr(e))
