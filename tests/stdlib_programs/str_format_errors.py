# expect-error: 10:11 format
# expect-error: 11:11 format
# expect-error: 12:11 format
# expect-error: 13:11 format
# expect-error: 14:11 format
# expect-error: 15:11 format
# expect-error: 16:11 unsupported
# expect-error: 17:11 unsupported
def main(x):
    print("{0}{}".format(x, 2))
    print("{}{0}".format(x))
    print("{2}".format(x, 2))
    print("{name}".format(x, nam=2))
    print("a}b".format(x))
    print("{0!x}".format(x))
    print("{:{}}".format(x, 5))
    print("{!a}".format(x))


main(1.5)
