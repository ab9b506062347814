# Optional numbers in an export (Note [Optional numbers]): an attribute, a list's elements and a
# global that are None or an int/float, saved and restored as {number, present}.
# loader: call:report call:bump call:report
class Slot:
    def __init__(self, k):
        self.key = None
        self.weight = None
        if k > 0:
            self.key = k
            self.weight = k * 0.5


slots = [Slot(3), Slot(0), Slot(-1), Slot(7)]
keys = [s.key for s in slots]


def best_key(xs):
    best = None
    for s in xs:
        if s.key is not None and (best is None or s.key > best):
            best = s.key
    return best


best = best_key(slots)
print(keys, best)


def report():
    print([(s.key, s.weight) for s in slots], keys, best)


def bump():
    for s in slots:
        if s.key is None:
            s.key = 1
        else:
            s.weight = None
    keys.append(None)


if len(keys) > 100:  # never true: the calls make report() and bump() part of the export
    report()
    bump()
