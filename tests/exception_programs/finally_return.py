# finally runs on return, on an exception, and when nothing happens; a return in finally wins.
def plain(x):
    try:
        return x * 2
    finally:
        print("finally of plain", x)


def overriding(x):
    try:
        return x
    finally:
        return -x


def swallowing(x):
    try:
        raise ValueError("lost")
    finally:
        return x + 100


def on_error(xs):
    try:
        return xs[5]
    finally:
        print("finally of on_error", len(xs))


def keeps(x):
    result = "start"
    try:
        result = "body"
        return result
    finally:
        result = "finally"
        print("result was", result)


print(plain(3))
print(overriding(4))
print(swallowing(1))
try:
    print(on_error([1, 2]))
except IndexError as e:
    print("caught", e)
print(keeps(0))


def count_down(n):
    out = []
    while True:
        try:
            if n == 0:
                return out
            out.append(n)
        finally:
            n = n - 1
    return out


print(count_down(3))
