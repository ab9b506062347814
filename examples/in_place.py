# pyscript rejects in-place updates; `pyscript fix examples/in_place.py --diff` shows the rewrite.
def total(n):
    s = 0
    for i in range(n):
        s += i * i
    return s


print(total(10))
