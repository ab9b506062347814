# from M import NAME (with as): the name is the module's member wherever Python's scoping finds it
from math import sqrt, pi, floor as fl
from random import seed, randint, choice as pick
from sys import maxsize as biggest
import math


def hyp(a, b):
    return sqrt(a * a + b * b)


def shadowed(sqrt):
    return sqrt + 1


def local_pi():
    pi = 3
    return pi


seed(7)
print(hyp(3.0, 4.0), pi, fl(2.7), math.sqrt(2.0) == sqrt(2.0))
print(shadowed(10), local_pi(), pi)
print(randint(1, 100), pick([10, 20, 30]), biggest)
print([sqrt for sqrt in range(3)], sqrt(9.0))
print([sqrt(float(x)) for x in range(4)])
