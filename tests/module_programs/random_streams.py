# CPython's random module: the same numbers for the same seed, every function mixed with the others
import random

for seed in [0, 1, -1, 42, 2**32 - 1, 2**32, -2**40, 9223372036854775807, -9223372036854775807]:
    random.seed(seed)
    print(seed, random.random(), random.randint(1, 6), random.randrange(10**18))
    print(random.uniform(-3, 7), random.uniform(2.5, 2.5), random.gauss(10.0, 0.5))
    # gauss keeps its second value for the next call; random() in between does not touch it
    print(random.gauss(), random.random(), random.gauss(mu=-1, sigma=3))
    print(random.randrange(-50, 50, 7), random.randrange(100, -100, -3), random.randrange(3, 4))
    print(random.randint(-2**62, 2**62), random.randint(-9223372036854775807 - 1, 9223372036854775807))

# seed() forgets gauss's cached value
random.seed(5)
a = random.gauss()
random.seed(5)
b = random.gauss()
random.seed(5)
random.gauss()
c = random.gauss()
random.seed(5)
print(a == b, b == c, c)

random.seed(2024)
words = ["alpha", "beta", "gamma", "delta"]
print([random.choice(words) for _ in range(8)], random.choice("pyscript"), random.choice("héllo wörld"))
nums = list(range(20))
random.shuffle(nums)
print(nums)
floats = [0.5 * i for i in range(7)]
random.shuffle(floats)
pairs = [(i, str(i)) for i in range(6)]
random.shuffle(pairs)
print(floats, pairs, random.choice(pairs))
empty: list[int] = []
random.shuffle(empty)
one = [7]
random.shuffle(one)
print(empty, one)


def roll(n):
    total = 0
    for _ in range(n):
        total = total + random.randint(1, 6)
    return total


random.seed(99)
print(roll(100), roll(1000), random.random())
xs = [random.randrange(1000) for _ in range(5)]
random.seed(99)
print(roll(100), roll(1000), random.random(), xs)
random.seed(True)
t = random.random()
random.seed(1)
print(t == random.random())
