# Reference cycles through lists and dicts: an object whose list holds the object itself and its
# partner, and whose dict maps a name to itself; one pair per iteration (tests/cycles_rss.py).
import sys


class Peer:
    def __init__(self, ident):
        self.ident = ident
        self.peers = [self]
        self.names = {"me": self}


def pair(i):
    a = Peer(i)
    b = Peer(i + 1)
    a.peers.append(b)
    b.peers.append(a)
    a.names["other"] = b
    return a


def main(n):
    total = 0
    for i in range(n):
        a = pair(i % 100)
        total = total + len(a.peers) + a.peers[1].peers[1].ident + a.names["other"].names["me"].ident
    return total


n = 1000000
if len(sys.argv) > 1:
    n = int(sys.argv[1])
print(main(n))
