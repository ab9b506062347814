# expect-error: 7:9 outside
class A:
    def __init__(self):
        self.x = 1

    def later(self):
        self.y = None


A().later()
