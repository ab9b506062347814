# corpus: topo_sort - build order of tasks with dependencies: Kahn's algorithm (in-degree counts
#   and a queue), a depth-first topological sort with cycle detection, the longest path (critical
#   path) with task durations, and a graph that contains a cycle.
# model: TheAlgorithms/Python, graphs/kahns_algorithm_topo.py and
#   sorts/topological_sort.py (https://github.com/TheAlgorithms/Python, MIT License). Written
#   independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: exceptions, augmented-assign, stdlib, closures

from collections import deque

DEPENDS = {
    "compile": ["configure"],
    "configure": ["fetch", "patch"],
    "patch": ["fetch"],
    "fetch": [],
    "test": ["compile", "data"],
    "data": ["fetch"],
    "docs": ["configure"],
    "package": ["test", "docs"],
    "release": ["package", "sign"],
    "sign": ["package"],
}
DURATION = {"fetch": 3, "patch": 1, "configure": 2, "compile": 10, "data": 4, "test": 6,
            "docs": 5, "package": 2, "sign": 1, "release": 1}


def kahn(depends):
    indegree = {task: len(deps) for task, deps in depends.items()}
    users = {task: [] for task in depends}
    for task, deps in depends.items():
        for d in deps:
            users[d].append(task)
    queue = deque(sorted(t for t, n in indegree.items() if n == 0))
    order = []
    while queue:
        task = queue.popleft()
        order.append(task)
        for u in sorted(users[task]):
            indegree[u] -= 1
            if indegree[u] == 0:
                queue.append(u)
    if len(order) != len(depends):
        raise ValueError("cycle among: " + ", ".join(sorted(t for t in depends if t not in order)))
    return order


def dfs_order(depends):
    state = {}
    order = []

    def visit(task, path):
        if state.get(task) == "done":
            return
        if state.get(task) == "active":
            raise ValueError("cycle: " + " -> ".join(path + [task]))
        state[task] = "active"
        for d in sorted(depends[task]):
            visit(d, path + [task])
        state[task] = "done"
        order.append(task)

    for task in sorted(depends):
        visit(task, [])
    return order


def critical_path(depends, duration):
    finish = {}
    via = {}
    for task in kahn(depends):
        start = 0
        for d in depends[task]:
            if finish[d] > start:
                start, via[task] = finish[d], d
        finish[task] = start + duration[task]
    end = max(finish, key=finish.get)
    path = [end]
    while path[-1] in via:
        path.append(via[path[-1]])
    return finish[end], path[::-1]


if __name__ == "__main__":
    print("kahn:", kahn(DEPENDS))
    print("dfs: ", dfs_order(DEPENDS))
    print("critical path:", critical_path(DEPENDS, DURATION))
    cyclic = dict(DEPENDS, fetch=["release"])
    for sorter in (kahn, dfs_order):
        try:
            sorter(cyclic)
        except ValueError as e:
            print(sorter.__name__, "->", e)
