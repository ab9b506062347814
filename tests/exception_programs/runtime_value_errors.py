# ValueError from the runtime: conversions, math, list methods, range, shifts.
import math


def parse(s):
    try:
        return int(s)
    except ValueError as e:
        print("int:", e)
        return -1


print(parse("12"), parse("1x"), parse(" 7 "))
for s in ["2.5", "abc"]:
    try:
        print(float(s))
    except ValueError as e:
        print("float:", e)
for x in [4.0, -1.0]:
    try:
        print(math.sqrt(x))
    except ValueError as e:
        print("sqrt:", e)
try:
    print(math.log(0.0))
except ValueError as e:
    print("log:", e)
xs = [3, 1, 2]
try:
    xs.remove(9)
except ValueError as e:
    print("remove:", e)
try:
    print(xs.index(9))
except ValueError as e:
    print("index:", e)
step = 0
try:
    for i in range(0, 5, step):
        print(i)
except ValueError as e:
    print("range:", e)
n = -1
try:
    print(1 << n)
except ValueError as e:
    print("shift:", e)
try:
    print(chr(-5))
except ValueError as e:
    print("chr:", e)
try:
    print(int(float("nan")))
except ValueError as e:
    print("nan:", e)
try:
    print(int(float("inf")))
except OverflowError as e:
    print("inf:", e)
try:
    print(math.exp(1000.0))
except OverflowError as e:
    print("exp:", e)
