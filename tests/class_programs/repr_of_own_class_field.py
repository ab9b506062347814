class Node:
    def __init__(self, v, nxt):
        self.v = v
        self.nxt = nxt

    def __repr__(self):
        return f"Node({self.v}, {self.nxt!r})"


print(Node(1, Node(2, None)))
