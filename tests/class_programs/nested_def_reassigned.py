# expect-error: 8:5 closure
# A variable captured by a nested function and assigned again after it.

def reassigned(a):
    k = 1
    def g(v):
        return v + k
    k = 2
    return g(a)


print(reassigned(1))
