# expect-error: 5:12 type
def half(n):
    if n % 2:
        return "odd"
    return n / 2


print(half(3))
x = half(6)
