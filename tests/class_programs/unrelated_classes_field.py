# expect-error: 13:13 base
class A:
    def __init__(self):
        self.name = "a"


class B:
    def __init__(self):
        self.name = "b"


for o in [A(), B()]:
    print(o.name)
