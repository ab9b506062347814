class Node:
    def __init__(self, item):
        self.item = item


n = Node(3)
print(n.item + 1)
