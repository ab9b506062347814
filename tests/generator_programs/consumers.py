def checked(xs):
    for x in xs:
        if x < 0:
            raise ValueError("negative: " + str(x))
        yield x * 2


def windows(s, k):
    for i in range(len(s) - k + 1):
        yield s[i:i + k]


def squares_upto(limit):
    n = 1
    while n * n <= limit:
        yield n * n
        n = n + 1


class Tree:
    def __init__(self, value, left=None, right=None):
        self.value = value
        self.left = left
        self.right = right


def walk(xs):
    for x in xs:
        yield x


def gen_none():
    yield
    yield


def consume():
    out = []
    try:
        for v in checked([1, 2, -3, 4]):
            out.append(v)
    except ValueError as e:
        print("caught", e, out)
    print(list(windows("abcde", 3)), set(windows("abab", 2)) == {"ab", "ba"})
    print(sorted(squares_upto(50), reverse=True), list(squares_upto(10)))
    print(any(v > 20 for v in squares_upto(30)), all(v > 0 for v in squares_upto(30)))
    print(dict(enumerate(windows("xyz", 2))))
    print({w: len(w) for w in windows("hello", 4)})
    print([x for x in gen_none()])
    n = 0
    for s in squares_upto(100):
        if s % 2 == 0:
            continue
        n = n + s
    else:
        print("odd squares", n)
    for a in walk([1, 2]):
        for b in walk([10, 20]):
            if b == 20:
                break
            print(a, b)
    return n


print(consume())
for w in windows([1, 2, 3, 4], 2):
    print(w)
