# range(...) beyond a for loop: len, in / not in, reversed in a for loop, and as a consumer's argument
print(len(range(10)), len(range(2, 10, 3)), len(range(10, 2, -3)), len(range(5, 5)), len(range(3, -2)))
print([x in range(2, 10, 3) for x in range(0, 12)])
print([x in range(10, -3, -4) for x in range(-4, 12)], 7 not in range(7), True in range(2))
big = 9223372036854775807
print(big - 1 in range(-big, big), -big in range(-big, big, big), 0 in range(-big, big, big))
for i in reversed(range(5)):
    print(i, end=" ")
print()
for i in reversed(range(10, 1, -3)):
    print(i, end=" ")
for i in reversed(range(3, 3)):
    print("never")
print()
heap = [5, 3, 8, 1, 9, 2]
for i in reversed(range(len(heap) // 2)):
    print(i, heap[i], end="; ")
print()
print(list(range(4)), sum(range(101)), sorted(range(3), reverse=True), max(range(1, 10), key=lambda v: v % 4))
try:
    print(len(range(1, 5, 0)))
except ValueError as e:
    print("ValueError:", e)
try:
    print(3 in range(0, 9, 0))
except ValueError as e:
    print("ValueError:", e)
