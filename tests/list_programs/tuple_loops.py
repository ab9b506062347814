# for loops over tuples whose elements have one type: the loop variable takes each in turn
for ppm in (5, 10):
    print("ppm", ppm)


def letter(score):
    for bound, grade in ((90, "A"), (80, "B"), (70, "C"), (60, "D")):
        if score >= bound:
            return grade
    return "F"


print([letter(s) for s in (95, 85, 72, 61, 12)])
print([x * 2 for x in (1, 2, 3)], sum(x for x in (1.5, 2.5)))
for i, s in enumerate(("a", "b"), 1):
    print(i, s)
for a, s in zip((1, 2, 3), ["x", "y"]):
    print(a, s)
pair = ([1, 2], [3])
for xs in pair:
    xs.append(0)  # the tuple's lists themselves, not copies
print(pair)
for word in ("alpha", "beta"):
    if word.startswith("b"):
        break
    print(word)
else:
    print("no break")


class Shape:
    def area(self):
        return 0.0


class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s * self.s


class Circle(Shape):
    def __init__(self, r):
        self.r = r

    def area(self):
        return 3.0 * self.r * self.r


for shape in (Square(2.0), Circle(1.0), Square(0.5)):
    print(shape.area())
