# A bare raise in a handler raises the exception being handled; `raise e` too.
def parse(s):
    try:
        return int(s)
    except ValueError:
        print("cannot parse", s)
        raise


def parse_all(items):
    out = []
    for s in items:
        try:
            out.append(parse(s))
        except ValueError as e:
            out.append(0)
            print("re-raised:", e)
    return out


print(parse_all(["1", "x", "3"]))


def relabel(xs, i):
    try:
        return xs[i]
    except IndexError as e:
        try:
            raise KeyError(i)
        except KeyError:
            pass
        raise


try:
    relabel([1], 4)
except IndexError as e:
    print("bare raise after a nested handler:", e)


def again(k):
    try:
        raise RuntimeError("r" + str(k))
    except RuntimeError as e:
        saved = e
    raise saved


try:
    again(7)
except RuntimeError as e:
    print("raise saved:", e)
