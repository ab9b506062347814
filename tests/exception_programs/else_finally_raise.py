# An exception raised in an else or a finally clause: not caught by the same try's handlers.
def body_ok_else_raises():
    try:
        x = 1
    except ValueError:
        print("not here")
    else:
        raise KeyError("from else")
    return x


def finally_raises():
    try:
        return 1
    finally:
        raise IndexError("from finally")


def finally_replaces():
    try:
        raise ValueError("first")
    finally:
        raise TypeError("second")


for f in [0, 1, 2]:
    try:
        if f == 0:
            body_ok_else_raises()
        elif f == 1:
            finally_raises()
        else:
            finally_replaces()
    except KeyError as e:
        print("key", e)
    except IndexError as e:
        print("index", e)
    except TypeError as e:
        print("type", e)
    except ValueError as e:
        print("value (never)", e)
