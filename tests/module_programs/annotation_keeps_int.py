x: float = 1
print(x)
y: float = 2
y = y + 0.5
print(y)
