def risky_function(x):
    if x > 0:
        return x * 2
    else:
        return x - 1


def main(v):
    print(risky_function(v), risky_function(-v))


main(3)
