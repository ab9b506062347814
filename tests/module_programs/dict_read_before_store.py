def longest_chain(edges, order):
    finish = {}
    via = {}
    for task in order:
        start = 0
        for d in edges[task]:
            if finish[d] > start:
                start, via[task] = finish[d], d
        finish[task] = start + 1
    end = max(finish, key=finish.get)
    path = [end]
    while path[-1] in via:
        path.append(via[path[-1]])
    return finish[end], path[::-1]


def states(tasks):
    state = {}
    seen = []
    for t in tasks:
        if state.get(t) == "done":
            seen.append("again " + t)
        elif state.get(t) != "done":
            state[t] = "done"
            seen.append(t)
    return seen


edges = {"a": [], "b": ["a"], "c": ["a", "b"], "d": ["c"]}
print(longest_chain(edges, ["a", "b", "c", "d"]))
print(states(["x", "y", "x"]))
base = {"a": [1], "b": [2, 3]}
more = dict(base, c=[4], a=[9])
print(more, base)
print(dict(x=1, y=2), dict([("p", 1.5)], q=2.5))
