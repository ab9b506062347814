# expect-runtime-error: 7:7
import random

random.seed(1)
print(random.randrange(10), random.randint(3, 3))
lo = random.randint(5, 5)
print(random.randrange(lo, 5))
