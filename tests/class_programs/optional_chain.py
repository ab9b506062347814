class Node:
    def __init__(self, value):
        self.value = value
        self.next = None

    def __repr__(self):
        return f"Node({self.value})"


class LinkedList:
    def __init__(self):
        self.head = None
        self.size = 0

    def push(self, value):
        node = Node(value)
        node.next = self.head
        self.head = node
        self.size = self.size + 1

    def find(self, value):
        node = self.head
        while node is not None:
            if node.value == value:
                return node
            node = node.next
        return None

    def to_list(self):
        out: list[int] = []
        node = self.head
        while node:
            out.append(node.value)
            node = node.next
        return out

    def __len__(self):
        return self.size


ll = LinkedList()
for i in range(6):
    ll.push(i * i)
print(ll.to_list(), len(ll), ll.find(9), ll.find(7), ll.find(7) is None)
n = ll.find(16)
if n is not None:
    print(n.value, n.next)
print(ll.head.next.next.value)
empty = LinkedList()
print(empty.to_list(), len(empty), bool(empty.head), empty.head)
