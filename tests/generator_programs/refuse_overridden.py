# expect-error: 13:14 generator
class A:
    def items(self):
        yield 1


class B(A):
    def items(self):
        yield 2


for o in [A(), B()]:
    for x in o.items():
        print(x)
