# expect-runtime-error: 33:7
# Reading an attribute of, or calling a method on, a value that is None on every path (an
# attribute only ever assigned None): CPython's AttributeError when it runs, catchable.


class Node:
    def __init__(self, v):
        self.v = v
        self.next = None

    def go(self):
        return self.v


def second(n):
    return n.next.v


n = Node(1)
print(n.v, n.next is None)
try:
    print(n.next.v)
except AttributeError as e:
    print("caught:", e)
try:
    print(n.next.go())
except AttributeError as e:
    print("caught:", e)
try:
    print(second(n) + 1)
except AttributeError as e:
    print("caught:", e)
print(n.next.v)
