# Tuple slices with literal bounds pick their elements when compiling; each keeps its type.
t = (1, 2.5, True, "s", None, 7)
print(t[1:], t[:2], t[::2], t[1::2], t[::-1], t[-2:], t[:-2], t[-1:-4:-1])
print(t[10:], t[-10:2], t[4:1], t[4:1:-1], t[:0], t[::3], t[5::-2], t[-100:100:4])
a, b = t[2:4]
print(a, b)


def rest(u):
    return u[1:]


print(rest((3, 4.5, 6)), rest(rest((1, 2, 3, 4))), len(t[::2]))
