# print() of a variable whose class defines only __repr__, holding a subclass that defines
# __str__: the subclass's __str__ (found by the differential generator).


class Sensor:
    def __init__(self, level):
        self.level = level

    def __repr__(self):
        return "Sensor(" + str(self.level) + ")"


class Phone(Sensor):
    def __str__(self):
        return "Phone<" + str(self.level) + ">"


class Slider(Phone):
    pass


class Tool(Sensor):  # its own __repr__ is its str() too
    def __repr__(self):
        return "Tool#" + str(self.level)


class Droid(Phone):  # Phone's __str__ comes before Droid's __repr__ for str()
    def __repr__(self):
        return "Droid#" + str(self.level)


items = [Sensor(1), Phone(2), Slider(3), Tool(4), Droid(5)]
for s in items:
    print(s, str(s), repr(s), f"{s}", [s])
