# corpus: hanoi_recursion - classic recursion exercises: Towers of Hanoi (moves listed and
#   counted), permutations and subsets built recursively, the power set by bit masks, Ackermann for
#   small arguments, flattening nested lists, and a recursive binary-string generator.
# model: the recursion chapters of introductory texts, e.g. Miller & Ranum, "Problem Solving with
#   Algorithms and Data Structures using Python", chapter 5 "Recursion" (https://runestone.academy/
#   ns/books/published/pythonds/Recursion/toctree.html, CC BY-NC-SA 4.0), and TheAlgorithms/Python,
#   backtracking/all_permutations.py (MIT License). Written independently for this corpus; no code
#   copied.
# license: pyscript's (this repository's)
# corpus-tags: recursion, generators


def hanoi(n, source, target, spare, moves):
    if n == 0:
        return
    hanoi(n - 1, source, spare, target, moves)
    moves.append((n, source, target))
    hanoi(n - 1, spare, target, source, moves)


def permutations(items):
    if len(items) <= 1:
        return [items[:]]
    result = []
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in permutations(rest):
            result.append([items[i]] + p)
    return result


def subsets(items):
    if not items:
        return [[]]
    without = subsets(items[1:])
    return without + [[items[0]] + s for s in without]


def power_set(items):
    return [[items[i] for i in range(len(items)) if mask >> i & 1] for mask in range(1 << len(items))]


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def flatten(nested):
    for item in nested:
        if isinstance(item, list):
            yield from flatten(item)
        else:
            yield item


def binary_strings(n, prefix=""):
    if n == 0:
        yield prefix
        return
    yield from binary_strings(n - 1, prefix + "0")
    if not prefix.endswith("1"):
        yield from binary_strings(n - 1, prefix + "1")


if __name__ == "__main__":
    moves = []
    hanoi(3, "A", "C", "B", moves)
    print(len(moves), moves)
    for n in (10, 16):
        moves = []
        hanoi(n, "A", "C", "B", moves)
        print(n, "disks:", len(moves), "moves; disk 1 moves", sum(1 for m in moves if m[0] == 1), "times")
    print(permutations([1, 2, 3]))
    print(len(permutations(list("abcdef"))), permutations(list("abcd"))[-1])
    print(subsets(["x", "y", "z"]))
    print(sorted(map(sorted, subsets([3, 1, 2]))) == sorted(map(sorted, power_set([3, 1, 2]))))
    print([ackermann(m, n) for m in range(3) for n in range(4)], ackermann(2, 3))
    print(list(flatten([1, [2, [3, [4, 5]], 6], [[7]], 8])))
    strings = list(binary_strings(8))
    print(len(strings), strings[:5], strings[-1])
