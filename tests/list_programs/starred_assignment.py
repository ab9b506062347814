# Starred assignment targets (Note [Starred targets]): tuples, lists, strs, loop targets, ValueError when too short.
first, *rest = (1, 2, 3)
print(first, rest)
*init, last = (1.5, 2.5)
print(init, last)
a, *mid, z = [10, 20, 30, 40]
print(a, mid, z)
h, *t = "hey"
print(h, t)
x, *nothing = [7]
print(x, nothing)
for kind, *args in [("a", 1, 2), ("b", 3, 4)]:
    print(kind, args, sum(args))
for row in [[1], [], [1, 2, 3]]:
    try:
        p, *q, r = row
        print(p, q, r)
    except ValueError as e:
        print("ValueError:", e)
try:
    u, *v, w = (1,)
except ValueError as e:
    print("ValueError:", e)
e1, *e2 = (5,)
e2.append(6)
print(e1, e2)
