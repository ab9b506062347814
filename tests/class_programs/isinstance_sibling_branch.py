# isinstance(o, B) of a sibling class: the branch it rules out is not lowered.
class A:
    def __init__(self):
        self.x = 1

class B(A):
    def __init__(self):
        self.x = 1
        self.z = 2

class C(A):
    pass

def f(o):
    if isinstance(o, B):
        return o.z
    return 0

print(f(C()), f(B()), f(A()))
