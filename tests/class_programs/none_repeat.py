# [None] * n widens to a list of Optionals when an element is stored (Note [Widened displays]).
class P:
    def __init__(self, i):
        self.i = i


points = [None] * 3
for i in range(3):
    points[i] = P(i)
print(points[1].i)

dist = [None] * 4
dist[0] = 0
for i in range(1, 4):
    if dist[i - 1] is not None:
        dist[i] = dist[i - 1] + i
print(dist)
seen = [None] * 3
seen[1] = 2.5
print(seen, seen[1] == 2.5, seen[0] is None)
