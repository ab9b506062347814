import itertools
from itertools import permutations, combinations, product, accumulate, chain, islice

print(list(permutations([1, 2, 3], 2)))
print(list(permutations("abc", 3)))
print(list(combinations(range(5), 3)))
print(list(itertools.combinations_with_replacement("ab", 2)))
print(list(product([1, 2], "xy")))
print(list(product(range(2), repeat=3)))
print(sorted(product([3, 1], [2, 0])), sum(a * b for a, b in product([1, 2], [3, 4])))
for a, b in combinations([10, 20, 30], 2):
    print(a + b, end=" ")
print()
print(list(accumulate([1, 2, 3, 4])), list(accumulate([3, 1, 4, 1, 5], max)), list(accumulate([1, 2], initial=100)))
print(list(accumulate([1, 2, 3], lambda x, y: x * y)), list(accumulate("abc")))
print(list(chain([1, 2], [3], [x for x in [4, 5]])), list(chain("ab", "cd")))
print(list(islice(range(10), 3)), list(islice("abcdefg", 1, None, 2)), list(islice([1, 2, 3], 1, 10)))
print(len(list(permutations(range(6), 6))), list(combinations([1, 2], 3)), list(permutations([1], 2)))
try:
    list(islice([1, 2], -1))
except ValueError as e:
    print("ValueError:", e)
total = 0
for p in permutations([1, 2, 3], 3):
    total = total + p[0] * 100 + p[1] * 10 + p[2]
print(total)
try:
    print(list(permutations([1, 2], -1)))
except ValueError as e:
    print("ValueError:", e)
try:
    list(islice("abc", 0, 2, 0))
except ValueError as e:
    print("ValueError:", e)
words = ["ant", "bee", "cat"]
pairs = [a + "-" + b for a, b in combinations(words, 2)]
print(pairs, max(product([1, 5], [2, 3]), key=lambda t: t[0] * t[1]))
grid = list(product(range(3), range(2)))
print(len(grid), grid[-1])
for bounds in [(-1, 2, 1), (0, -2, 1), (-1, -1, 1), (1, 3, -1), (-2, -1, 0), (0, 5, 0), (1, 4, 2)]:
    try:
        print(list(islice("abcdef", bounds[0], bounds[1], bounds[2])))
    except ValueError as e:
        print("ValueError:", e)
