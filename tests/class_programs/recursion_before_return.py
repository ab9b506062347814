# Recursive calls lowered before any return (Note [Recursive calls before a return]), and a recursive
# function whose return type widens to an Optional after its recursive call.
def to_words(n):
    if n < 0:
        return "minus " + to_words(-n)
    if n >= 10:
        return to_words(n // 10) + " " + str(n % 10)
    return str(n)


def find(xs, t, i):
    if i < len(xs):
        if xs[i] == t:
            return i
        return find(xs, t, i + 1)
    return None


def depth(n):
    if n > 0:
        return 1 + depth(n - 1)
    return 0


print(to_words(-123), to_words(7), find([4, 5, 6], 6, 0), find([4], 9, 0), depth(5))
