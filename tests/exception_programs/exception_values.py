# Exceptions as values: kept in variables and lists, returned, raised later.
def make(k):
    if k == 0:
        return ValueError("v0")
    if k == 1:
        return KeyError("k1")
    return RuntimeError("r" + str(k))


errors = [make(k) for k in range(4)]
print(errors)
caught = []
for e in errors:
    try:
        raise e
    except LookupError as x:
        caught.append("lookup " + str(x))
    except Exception as x:
        caught.append("other " + str(x))
print(caught)


def first_error(fs):
    found = RuntimeError("none")
    for k in fs:
        try:
            if k > 2:
                raise IndexError(k)
        except IndexError as e:
            found = e
            break
    return found


print(first_error([1, 2, 5, 7]), first_error([0]))
kinds = [isinstance(e, ValueError) for e in errors]
print(kinds)
