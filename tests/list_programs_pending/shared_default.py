# A default argument is evaluated once and shared by every call; returned lists alias it.
def collect(v, bucket=[]):
    bucket.append(v)
    return bucket


def tally(word, counts={}):
    counts[word] = counts.get(word, 0) + 1
    return counts


first = collect(1)
second = collect(2)
print(first, second, first is second)
mine: list[int] = [0]
print(collect(3, mine), mine, collect(4))
first.append(5)
print(collect(6))
print(tally("a"), tally("b"), tally("a"))
snapshot = tally("c").copy()
tally("c")
print(snapshot, tally("d"))
