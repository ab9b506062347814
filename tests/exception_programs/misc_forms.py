# raise CLASS without a call, bare except, BaseException, and a handler that falls through.
def f(k):
    if k == 0:
        raise ValueError
    if k == 1:
        raise IndexError()
    return k


for k in range(3):
    try:
        print(f(k))
    except BaseException as e:
        print("base", repr(e), "[" + str(e) + "]")
try:
    f(0)
except:
    print("bare except")
x = 0
try:
    x = f(2)
except ValueError:
    pass
print("x", x)
try:
    pass
except ValueError:
    print("never")
else:
    print("else without an exception")
try:
    print("body")
finally:
    print("only finally")
