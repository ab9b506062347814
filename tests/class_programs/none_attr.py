# expect-runtime-error: 15:12
class Node:
    def __init__(self, v, nxt):
        self.v = v
        self.nxt = nxt


def last(n):
    while n.nxt is not None:
        n = n.nxt
    return n.v


def second(n):
    return n.nxt.nxt.v


chain = Node(1, Node(2, Node(3, None)))
print(last(chain), second(chain))
print(second(Node(1, Node(2, None))))
