# Cycles that stay reachable must survive collections: every 1000th iteration's pair of mutually
# referring objects is kept in a list, the rest are dropped; at the end every kept pair is checked
# (a collector that freed a live object would print garbage or crash). tests/cycles_rss.py.
import sys


class Partner:
    def __init__(self, ident, text):
        self.ident = ident
        self.text = text
        self.other = None
        self.history = [ident]


def make(i):
    a = Partner(i, "a" + str(i))
    b = Partner(-i, "b" + str(i))
    a.other = b
    b.other = a
    b.history.append(i * 2)
    return a


def main(n):
    kept = []
    for i in range(n):
        a = make(i)
        if i % 1000 == 0:
            kept.append(a)
    checksum = 0
    bad = 0
    for a in kept:
        b = a.other
        if b.other is not a or b.ident != -a.ident or b.text != "b" + str(a.ident):
            bad = bad + 1
        checksum = checksum + len(a.text) + b.history[1] + len(a.history)
    return len(kept), bad, checksum


n = 1000000
if len(sys.argv) > 1:
    n = int(sys.argv[1])
print(main(n))
