# b = a shares one list; copies do not; rebinding is not mutation; functions see the caller's list.
def push(xs, v):
    xs.append(v)


def set_at(xs, i, v):
    xs[i] = v
    return xs


def take_last(xs):
    return xs.pop()


def rebind(xs):
    xs = xs + [99]
    return len(xs)


a = [1, 2, 3]
b = a
b.append(4)
print(a, b, a is b, a == b)
c = a.copy()
d = a[:]
e = list(a)
c.append(5)
d[0] = -1
del e[1]
print(a, c, d, e, a is c, a is d, a is e)
push(b, 10)
print(a, len(a))
r = set_at(a, -1, 20)
print(r, a, r is a, r is b)
print(take_last(r), a, b)
print(rebind(a), a)
a = a + [7]
print(a, b, a is b)
b.extend([8, 9])
print(a, b)
n = len(b)
b.append(0)
first = b[0]
b[0] = 100
print(n, len(b), first, b[0], b)
words = ["x", "y"]
other = words
words.insert(0, "w")
other.remove("y")
print(words, other, words is other)
nums = [3, 1, 2]
same = nums
same.sort()
print(nums)
same.sort(reverse=True)
print(nums)
same.reverse()
print(nums, nums.index(2), nums.count(3))
same.clear()
print(nums, same, nums == [], len(nums))
