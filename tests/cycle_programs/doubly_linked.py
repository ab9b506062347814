# Reference cycles: a circular doubly linked list of three nodes per iteration (each node's `next`
# and `prev` point at the others), dropped at the end of the iteration. Reference counting alone
# never frees them; tests/cycles_rss.py checks that memory stays flat as the count grows.
import sys


class Node:
    def __init__(self, value):
        self.value = value
        self.label = "n" + str(value)
        self.prev = None
        self.next = None


def ring(base):
    a = Node(base)
    b = Node(base + 1)
    c = Node(base + 2)
    a.next = b
    b.next = c
    c.next = a
    a.prev = c
    b.prev = a
    c.prev = b
    return a


def walk(head, steps):
    total = 0
    node = head
    for _ in range(steps):
        total = total + node.value
        node = node.next
    back = head.prev
    return total + back.value + len(back.label)


def main(n):
    total = 0
    for i in range(n):
        head = ring(i % 1000)
        total = total + walk(head, 4)
    return total


n = 1000000
if len(sys.argv) > 1:
    n = int(sys.argv[1])
print(main(n))
