# An empty list or dict handed to a function (or captured by a lambda) that fills it: the
# caller's container takes the element type the callee gives it.


def push(out, v):
    out.append(v * 2)


def put(d, k, v):
    d[k] = v


def collect(n):
    out = []
    for i in range(n):
        push(out, i)
    return out


def table(words):
    d = {}
    for w in words:
        put(d, w, len(w))
    return d


def through_lambda(n):
    out = []
    f = lambda v: out.append(v * 3)
    for i in range(n):
        f(i)
    return out


def nested_lists(n):
    rows = []
    for i in range(n):
        push(rows, [i, i])
    return rows


print(collect(4))
print(table(["a", "bb", "ccc"]))
print(through_lambda(3))
print(nested_lists(2))
print(collect(0))
