# A small program whose export seeds the fuzzer's state inputs (run_fuzzer.sh): one value of each
# kind a state holds, shared references and a cycle, in a graph small enough to fuzz quickly.
import numpy as np


class Node:
    def __init__(self, value, tag):
        self.value = value
        self.tag = tag
        self.next = None
        self.items = [value, value + 1]


a = Node(1, "a")
b = Node(2, "b\u00e9")
a.next = b
b.next = a
nodes = [a, b, a]
names = {"a": [1, 2], "b": a.items}
pairs = {(1, "x"): (2.5, True)}
w = np.arange(6, dtype=np.float32).reshape(2, 3)
m = np.array([True, False])
s = w.sum()
rng = np.random.default_rng(3)
np.random.seed(4)
k = np.random.randint(0, 9)
maybe = a if k > 100 else None
print(len(nodes), k, s)
