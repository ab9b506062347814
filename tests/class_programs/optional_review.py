# Review findings (stop 21): a recursive call typed before its function's return type widened; a
# recursive call assigned to an attribute; an object's __add__ taking None; '%s' % None.
def depth(n):
    if n <= 0:
        return 0
    a = depth(n - 1)
    if a > 5:
        return None
    b = depth(n - 2)
    return a + 1


class C:
    def __init__(self):
        self.depth = 0

    def walk(self, k):
        if k > 0:
            self.depth = self.walk(k - 1) + 1
        return k


class Money:
    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        if other is None:
            return Money(self.v)
        return Money(self.v + other)


def pick(k):
    if k > 0:
        return k
    return None


c = C()
c.walk(3)
print(depth(4), [1, 2, 3, 4][c.depth], (Money(3) + pick(-1)).v, (Money(3) + pick(2)).v)
x = pick(-1)
y = pick(4)
print("i=%s" % x, "j=%s" % y, "%d of %d" % (y, 2), "%s/%s" % (x, y))
try:
    print("%d" % x)
except TypeError as e:
    print("TypeError:", e)
