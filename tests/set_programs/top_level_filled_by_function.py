counts = {}
seen = set()
log = {}


def record(word):
    counts[word] = counts.get(word, 0) + 1
    seen.add(len(word))


def note(k, v):
    log[k] = [v]


for w in "a bb a ccc bb a".split():
    record(w)
note(1, 2.5)
print(counts, sorted(seen), log)
