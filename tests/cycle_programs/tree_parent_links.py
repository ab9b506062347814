# Reference cycles: a small binary tree per iteration whose nodes point at their children and back
# at their parent; the root is dropped at the end of the iteration (tests/cycles_rss.py).
import sys


class TreeNode:
    def __init__(self, key, parent):
        self.key = key
        self.left = None
        self.right = None
        self.parent = parent


def build(key, depth, parent):
    node = TreeNode(key, parent)
    if depth == 0:
        return node
    node.left = build(key * 2, depth - 1, node)
    node.right = build(key * 2 + 1, depth - 1, node)
    return node


def leftmost_depth(node):
    while node.left is not None:
        node = node.left
    d = 0
    while node.parent is not None:
        node = node.parent
        d = d + 1
    return d


def main(n):
    total = 0
    for i in range(n):
        root = build(i % 7 + 1, 2, None)
        total = total + leftmost_depth(root) + root.right.left.parent.key
    return total


n = 1000000
if len(sys.argv) > 1:
    n = int(sys.argv[1])
print(main(n))
