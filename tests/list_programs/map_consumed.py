# map(f, xs, ...) consumed at once by a builtin or str.join: f called on each element in order
import math


def square(x):
    return x * x


def noisy(x):
    print("call", x)
    return x > 1


words = ["3", "14", "15", "92"]
print(sum(map(int, words)), list(map(len, words)), " ".join(map(str, [1.5, 2.0])), "-".join(map(str, (7, 8))))
print(sorted(map(square, [3, -1, 2])), max(map(abs, [-7, 3])), min(map(float, words)))
print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6, 7])), list(map(math.sqrt, [4.0, 2.0])))
print(sum(map(lambda ue, ve: ue * ve, [1.5, 2.0], [2.0, 4.0])), sum(map(square, range(5))))
print(any(map(noisy, [0, 1, 2, 3])))
print(all(map(noisy, [3, 2, 1, 0])))
k = 10
print(list(map(lambda x: x + k, [1, 2])), dict(map(lambda w: (w, len(w)), ["ab", "c"])))
out = [0]
out.extend(map(square, (2, 3)))
print(out)
try:
    print(sum(map(int, ["1", "two", "3"])))
except ValueError as e:
    print("ValueError:", e)
