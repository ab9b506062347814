class Game:
    def __init__(self):
        self.rolls = []

    def finish(self, bonus):
        self.bonus = []
        self.count = bonus
        self.label = "done"

    def add(self, pins):
        self.bonus.append(pins)
        self.count = self.count - 1
        return len(self.bonus), self.count, self.label


g = Game()
try:
    g.add(3)
except AttributeError as e:
    print("AttributeError:", e)
g.finish(2)
print(g.add(4), g.add(5), g.bonus)
h = Game()
try:
    print(h.count)
except AttributeError as e:
    print("AttributeError:", e)
