# int / int is rounded from the exact quotient, also beyond 2**53 (regression from the random
# program tests: converting each int to a float first rounded twice).
def ratio(a, b):
    return a / b, a // b, a % b


print(ratio(403569441931699324, 1), ratio(-1034614306912004, 1000), ratio(9007199254740993, 3))
print(ratio(7, 2), ratio(-7, 2), 2 ** 62 / 3, (2 ** 62 + 1) / (2 ** 61))
print("nul:\x00:", "tab\t", sep="|")
