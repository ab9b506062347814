import math
# math.floor/ceil of an int is the int, exact past 2**53 (found by the mutation test).
print(math.floor(9007199254740993), math.ceil(-9007199254740993), math.floor(True), math.ceil(2.5))
