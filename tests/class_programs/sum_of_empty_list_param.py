def mean(xs):
    if not xs:
        raise ZeroDivisionError("mean of no values")
    return sum(xs) / len(xs)


print(mean([1, 2]))
try:
    mean([])
except ZeroDivisionError as e:
    print("error:", e)
ys = []
print(sum(ys))
ys.append(3)
print(sum(ys), ys)
zs = []
for i in range(3):
    print(sum(zs))
    zs.append(i)
