# Optional numbers (Note [Optional numbers]): None merging with an int, float or bool in a variable,
# a return, an attribute, a list or dict element; TypeError where CPython needs the number.
def best_of(xs):
    best = None
    for v in xs:
        if best is None or v > best:
            best = v
    return best


def first_neg(xs):
    for i in range(len(xs)):
        if xs[i] < 0:
            return xs[i] * 0.5
    return None


empty: list[int] = []
b = best_of([3, 9, 2])
print(b, best_of(empty), b + 1, type(b).__name__, type(best_of(empty)).__name__)
print(isinstance(b, int), isinstance(best_of(empty), int))
f = first_neg([1.0, -3.0])
g = first_neg([1.0])
print(f, g, f == -1.5, g == None, g != 2.0, f == g)
print(str(f), str(g), f"{f} {g}", repr(g))
if g:
    print("truthy")
if f:
    print("f truthy")
vals = [best_of([1, 2]), best_of(empty)]
print(vals)
try:
    print(g * 2)
except TypeError as e:
    print("TypeError:", e)
try:
    print(-g)
except TypeError as e:
    print("TypeError:", e)
try:
    print(1.0 < g)
except TypeError as e:
    print("TypeError:", e)
n = None
print(n is None, g is None, f is not None)


class Frame:
    def __init__(self):
        self.first = None
        self.second = None
        self.bonus = None

    def roll(self, pins):
        if self.first is None:
            self.first = pins
        else:
            self.second = pins

    def score(self):
        total = 0
        if self.first is not None:
            total = total + self.first
        if self.second is not None:
            total = total + self.second
        return total

    def __repr__(self):
        return "Frame(" + str(self.first) + ", " + str(self.second) + ")"


frames = [Frame(), Frame()]
frames[0].roll(3)
frames[0].roll(4)
frames[1].roll(10)
for fr in frames:
    print(fr, fr.score(), fr.first, fr.second, fr.bonus)
print(frames)
vals = [fr.second for fr in frames]
print(vals, vals[0] == 4, vals[1] is None, None in vals, 4 in vals, vals.count(None))
d = {"a": frames[0].second, "b": frames[1].second}
print(d, d["b"])
m = max([fr.score() for fr in frames])
w = None
for fr in frames:
    if w is None or fr.score() > w:
        w = fr.score()
print(m, w, f"{w:>5}", str(w))


def pick(k):
    if k > 0:
        return k
    return None


some = [pick(3), pick(1), pick(2)]
holes = [pick(3), pick(-1), pick(2)]
print(sorted(some), min(some), max(some), sorted(some, reverse=True))
for attempt in range(3):
    try:
        if attempt == 0:
            print(sorted(holes))
        elif attempt == 1:
            print(max(holes))
        else:
            print(min([holes[1], holes[0]]))
    except TypeError as e:
        print("TypeError:", e)


def pick_f(k):
    if k > 0:
        return k * 1.5
    return None


for k in (2, -1):
    v = pick_f(k)
    for attempt in range(4):
        try:
            if attempt == 0:
                print(int(v))
            elif attempt == 1:
                print(float(v))
            elif attempt == 2:
                print(abs(v))
            else:
                print(round(v))
        except TypeError as e:
            print("TypeError:", e)
