class A:
    pass


class B(A):
    def only_b(self):
        return 30


for o in [A(), B()]:
    if isinstance(o, B):
        print("B", o.only_b())
    else:
        print("A")
print("end")
