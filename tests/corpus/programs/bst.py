# corpus: bst - a binary search tree: insert, search, minimum/maximum, delete with the in-order
#   successor, traversals, height, built from seeded random keys.
# model: TheAlgorithms/Python, data_structures/binary_tree/binary_search_tree.py
#   (https://github.com/TheAlgorithms/Python, MIT License). Written independently for this corpus in
#   the style of its model; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, recursion, exceptions

import random


class Node:
    def __init__(self, value, parent=None):
        self.value = value
        self.parent = parent
        self.left = None
        self.right = None

    def __repr__(self):
        if self.left is None and self.right is None:
            return str(self.value)
        return "{%s: (%s, %s)}" % (self.value, self.left, self.right)


class BinarySearchTree:
    def __init__(self, root=None):
        self.root = root

    def __str__(self):
        return str(self.root)

    def empty(self):
        return self.root is None

    def _reassign_nodes(self, node, new_children):
        if new_children is not None:
            new_children.parent = node.parent
        if node.parent is not None:
            if node is node.parent.right:
                node.parent.right = new_children
            else:
                node.parent.left = new_children
        else:
            self.root = new_children

    def insert(self, *values):
        for value in values:
            self._insert(value)
        return self

    def _insert(self, value):
        new_node = Node(value)
        if self.empty():
            self.root = new_node
            return
        parent_node = self.root
        while True:
            if value < parent_node.value:
                if parent_node.left is None:
                    parent_node.left = new_node
                    break
                parent_node = parent_node.left
            else:
                if parent_node.right is None:
                    parent_node.right = new_node
                    break
                parent_node = parent_node.right
        new_node.parent = parent_node

    def search(self, value):
        if self.empty():
            raise IndexError("Warning: Tree is empty! please use another.")
        node = self.root
        while node is not None and node.value != value:
            node = node.left if value < node.value else node.right
        return node

    def get_max(self, node=None):
        if node is None:
            node = self.root
        if not self.empty():
            while node.right is not None:
                node = node.right
        return node

    def get_min(self, node=None):
        if node is None:
            node = self.root
        if not self.empty():
            while node.left is not None:
                node = node.left
        return node

    def remove(self, value):
        node = self.search(value)
        if node is None:
            raise ValueError(f"{value} not in tree")
        if node.left is None and node.right is None:
            self._reassign_nodes(node, None)
        elif node.left is None:
            self._reassign_nodes(node, node.right)
        elif node.right is None:
            self._reassign_nodes(node, node.left)
        else:
            successor = self.get_min(node.right)
            self.remove(successor.value)
            node.value = successor.value

    def inorder(self, node, out):
        if node is not None:
            self.inorder(node.left, out)
            out.append(node.value)
            self.inorder(node.right, out)
        return out

    def preorder(self, node):
        if node is None:
            return []
        return [node.value] + self.preorder(node.left) + self.preorder(node.right)

    def height(self, node):
        if node is None:
            return 0
        return 1 + max(self.height(node.left), self.height(node.right))


def main():
    t = BinarySearchTree().insert(8, 3, 6, 1, 10, 14, 13, 4, 7)
    print(t)
    print("inorder:", t.inorder(t.root, []))
    print("preorder:", t.preorder(t.root))
    print("min", t.get_min().value, "max", t.get_max().value, "height", t.height(t.root))
    print("search 6:", t.search(6) is not None, "search 5:", t.search(5) is not None)
    for v in (13, 10, 8, 3):
        t.remove(v)
        print(f"removed {v}:", t.inorder(t.root, []))
    try:
        t.remove(99)
    except ValueError as e:
        print("error:", e)

    random.seed(42)
    keys = random.sample(range(10000), 2000)
    big = BinarySearchTree().insert(*keys)
    inorder = big.inorder(big.root, [])
    print(len(inorder), inorder == sorted(keys), "height", big.height(big.root))
    for k in keys[:1000]:
        big.remove(k)
    rest = big.inorder(big.root, [])
    print(len(rest), rest[:5], "height", big.height(big.root))
    try:
        BinarySearchTree().search(1)
    except IndexError as e:
        print(e)


if __name__ == "__main__":
    main()
