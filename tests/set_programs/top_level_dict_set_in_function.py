d = {}
s = set()


def fill():
    d["a"] = 1
    s.add(3)


fill()
print(d, s)
