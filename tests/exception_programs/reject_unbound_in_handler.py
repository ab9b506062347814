# expect-error-or-runtime-error: 7:15
def f(s):
    try:
        n = int(s)
        return n
    except ValueError:
        print(n)
    return 0


print(f("x"))
