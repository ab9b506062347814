# AssertionError, with and without a message.
def check(x):
    assert x > 0, "x must be positive"
    return x * 2


def check_plain(x):
    assert x > 0
    return x * 3


for v in [2, -1]:
    try:
        print(check(v))
    except AssertionError as e:
        print("caught:", e, repr(e))
    try:
        print(check_plain(v))
    except AssertionError as e:
        print("plain:", repr(e), "[" + str(e) + "]")
try:
    assert 1 + 1 == 3
except Exception as e:
    print("as Exception:", repr(e), isinstance(e, AssertionError))
