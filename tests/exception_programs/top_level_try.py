# try at the top level; what it binds is read later by the top level and by functions.
import math

try:
    limit = int("25")
    root = math.sqrt(limit)
except ValueError:
    limit = 0
    root = 0.0
print(limit, root)

try:
    factor = int("oops")
except ValueError as e:
    factor = 2
    print("default factor:", e)


def scaled(x, f):
    return x * f


print(scaled(21, factor))
values = []
for s in ["1", "2", "three", "4"]:
    try:
        values.append(int(s))
    except ValueError:
        values.append(-1)
print(values, sum(values))
