class P:
    def __init__(self, name, age):
        self.name = name
        self.age = age


def age_of(p):
    return p.age


ps = [P("a", 30), P("b", 25), P("c", 41), P("d", 25)]
print(max(ps, key=lambda p: p.age).name, min(ps, key=age_of).name)
words = ["pear", "fig", "banana", "kiwi"]
print(max(words, key=len), min(words, key=lambda w: (len(w), w)))
print(max([3, -7, 5], key=lambda v: v * v))
