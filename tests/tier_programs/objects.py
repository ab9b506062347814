# Recursive functions that make and walk objects and lists, in two tiers.
class Node:
    def __init__(self, value, left, right):
        self.value = value
        self.left = left
        self.right = right


def build(lo, hi):
    if lo > hi:
        return None
    mid = (lo + hi) // 2
    return Node(mid, build(lo, mid - 1), build(mid + 1, hi))


def total(node):
    if node is None:
        return 0
    return node.value + total(node.left) + total(node.right)


def depth(node):
    if node is None:
        return 0
    return 1 + max(depth(node.left), depth(node.right))


def flatten(node):
    if node is None:
        return []
    return flatten(node.left) + [node.value] + flatten(node.right)


def permutations(items):
    if len(items) <= 1:
        return [items]
    out = []
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in permutations(rest):
            out.append([items[i]] + p)
    return out


def join_words(words):
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return words[0] + "-" + join_words(words[1:])


tree = build(1, 2000)
print(total(tree), depth(tree), flatten(tree)[:8])
perms = permutations([1, 2, 3, 4, 5])
print(len(perms), perms[0], perms[-1])
print(join_words(["two", "tiers", "one", "answer"]))
