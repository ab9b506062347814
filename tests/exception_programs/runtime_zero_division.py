# ZeroDivisionError with CPython's message for each operator.
def attempt(k, a, b, x, y):
    try:
        if k == 0:
            return str(a // b)
        if k == 1:
            return str(a % b)
        if k == 2:
            return str(a / b)
        if k == 3:
            return str(x / y)
        if k == 4:
            return str(x // y)
        if k == 5:
            return str(x % y)
        if k == 6:
            return str(divmod(a, b))
        if k == 7:
            return str(divmod(x, y))
        return str(y ** -1.0)
    except ZeroDivisionError as e:
        return "ZeroDivisionError: " + str(e)


for k in range(9):
    print(k, attempt(k, 7, 0, 7.5, 0.0), attempt(k, 7, 2, 7.5, 2.0))
