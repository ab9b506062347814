def describe(n):
    if n < 0:
        return "negative"
    if n == 0:
        return None
    return n * 2


def half(n):
    if n % 2:
        return "odd"
    return n / 2


for k in (-1, 0, 3):
    print(describe(k), f"[{describe(k)}]", str(describe(k)))
print(half(3), half(4))
