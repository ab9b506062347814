# expect-error: 4:15 type
def main(x):
    fmt = "{} units"
    print(fmt.format(x))


main(3)
