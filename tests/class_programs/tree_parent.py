class TreeNode:
    def __init__(self, key, parent):
        self.key = key
        self.left = None
        self.right = None
        self.parent = parent


class BST:
    def __init__(self):
        self.root = None
        self.count = 0

    def insert(self, key):
        if self.root is None:
            self.root = TreeNode(key, None)
            self.count = self.count + 1
            return
        node = self.root
        while True:
            if key < node.key:
                if node.left is None:
                    node.left = TreeNode(key, node)
                    break
                node = node.left
            else:
                if node.right is None:
                    node.right = TreeNode(key, node)
                    break
                node = node.right
        self.count = self.count + 1

    def inorder(self, node, out):
        if node is None:
            return
        self.inorder(node.left, out)
        out.append(node.key)
        self.inorder(node.right, out)

    def depth(self, node):
        d = 0
        while node.parent is not None:
            node = node.parent
            d = d + 1
        return d


t = BST()
for k in [50, 30, 70, 20, 40, 60, 80, 35, 45, 65]:
    t.insert(k)
keys: list[int] = []
t.inorder(t.root, keys)
print(keys, t.count)
n = t.root.left.right.left
print(n.key, t.depth(n), n.parent.key, n.parent.parent.key)
print(t.root.parent is None, t.root.left.parent is t.root)
