# Sequence repetition by an Optional int: CPython's words for a None.
def pick(k):
    if k > 0:
        return k
    return None


x = pick(-1)
for attempt in range(3):
    try:
        if attempt == 0:
            print([0] * x)
        elif attempt == 1:
            print(x * "ab")
        else:
            print(x * [1.5])
    except TypeError as e:
        print("TypeError:", e)
print([0] * pick(2), pick(3) * "ab")
