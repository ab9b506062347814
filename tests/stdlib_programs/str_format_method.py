class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __str__(self):
        return "P(" + str(self.x) + ", " + str(self.y) + ")"


def traced(tag, v):
    print("evaluating", tag)
    return v


def row(owner, number, balance, state):
    return "{:<6} #{} {:>10.2f} ({})".format(owner, number, balance, state)


print("{} + {} = {}".format(1, 2, 1 + 2))
print(row("ann", 7, 1234.5, "open"), row("bartholomew", 12, -3.14159, "closed"))
# arguments are evaluated once each, in call order, before any field is formatted
print("{1} {0} {1}".format(traced("first", "x"), traced("second", "y")))
print("{name!r} is {age:>4d}; {{literal}} }}{{".format(age=traced("age", 42), name=traced("name", "Bo")))
print("{0}{0}{0}".format(traced("once", "ab")))
p = Point(3, 4)
print("point {0.x},{0.y} {1[1]} {2[k]} {0}".format(p, [10, 20], {"k": "v"}))
print("{!s:>5}|{!r:<6}|{:^7}|".format("ab", "cd", "mid"))
print("{0:08.3f} {0:e} {0:%} {0:g}".format(0.125))
print("{:,} {:b} {:x} {:#o} {:+d} {:05d}".format(1234567, 5, 255, 8, 3, -42))
print("{} {} {} {}".format(True, None, 2.5, -0.0))
print("{}".format([1, 2]), "{}".format((1, "a")), "{}".format({"a": 1}))
print("{:>6}|{:<6}|".format(True, False), "{:.1f}".format(True))
print("{}".format(p), "{:>10}".format(str(p)))
print("no fields".format(), "{{}}".format(), "unused {}".format(1, 2, 3))
print("{a}-{b}-{a}".format(b=2, a=1), "{0}{b}".format(9, b=8))
s = "{}-{}".format("a", "b")
print(s.upper(), len(s))
for i in range(3):
    print("{:>3}: {}".format(i, "*" * i))
