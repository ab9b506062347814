# try/except/finally and raise (Note [Try regions] in lower/exceptions.hpp): each statement of the
# try body that may raise is its own Try; the handler reads the values from the raise point.
def parse(s, fallback):
    n = fallback
    try:
        n = int(s)
        n = n * 2
    except ValueError as e:
        print("bad", e, n)
    finally:
        print("done")
    return n


def checked(x):
    if x < 0:
        raise ValueError("negative")
    return x


print(parse("21", 0), checked(3))
