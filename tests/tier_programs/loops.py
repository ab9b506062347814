# Loops that change tiers while they run (Note [Loops change tiers]): PYSCRIPT_TIERS=osr enters
# tier 1 at every loop's first header; each loop carries ints, floats, strs, lists, dicts, objects.
class Counter:
    def __init__(self):
        self.hits = 0
        self.names = []


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps = steps + 1
    return steps


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


print(collatz_steps(27), collatz_steps(97), [collatz_steps(k) for k in range(1, 12)])
c = Counter()
seen, longest = tally("the cat and the hat and the bat sat".split(), c)
print(seen, longest, c.hits, c.names)
rows, total = grid(7)
print(rows[3], len(rows), total)
print(safe_divs([5, 0, -3, 7, 0]))
acc = 0
k = 0
text = ""
while k < 3000:
    acc = acc + k * k % 11
    if k % 500 == 0:
        text = text + str(k) + ","
    k = k + 1
print(acc, text)
