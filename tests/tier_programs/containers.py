# Loops over lists, dicts, strs and objects that change tiers while they run (Note [Loops change
# tiers]); PYSCRIPT_TIERS=osr enters tier 1 at every loop's first header.
class Counter:
    def __init__(self):
        self.hits = 0
        self.names = []


def tally(words, counter):
    seen = {}
    longest = ""
    for w in words:
        if w in seen:
            seen[w] = seen[w] + 1
            continue
        seen[w] = 1
        counter.hits = counter.hits + 1
        counter.names.append(w.upper())
        if len(w) > len(longest):
            longest = w
    return seen, longest


def grid(n):
    rows = []
    total = 0.0
    for i in range(n):
        row = []
        for j in range(n):
            if (i + j) % 5 == 4:
                break
            row.append(i * j * 0.5)
            total = total + i * j * 0.5
        rows.append(row)
    return rows, total


def safe_divs(xs):
    out = []
    for x in xs:
        try:
            out.append(100 // x)
        except ZeroDivisionError:
            out.append(-1)
    return out


c = Counter()
seen, longest = tally("the cat and the hat and the bat sat".split(), c)
print(seen, longest, c.hits, c.names)
rows, total = grid(7)
print(rows[3], len(rows), total)
print(safe_divs([5, 0, -3, 7, 0]))
