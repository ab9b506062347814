# expect-runtime-error: 5:16
# A re-raised exception reports where it was first raised.
def convert(s):
    try:
        return int(s)
    except ValueError:
        print("failed on", s)
        raise


def get(xs, i):
    try:
        return xs[i]
    finally:
        print("finally in get")


print(convert("4"))
print(get([1, 2], 1))
print(convert("x"))
