# expect-runtime-error: 8:7
from random import choice, seed

seed(0)
xs = [1, 2]
print(choice(xs))
xs.clear()
print(choice(xs))
