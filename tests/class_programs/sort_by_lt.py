# Sorting, min and max of objects by their __lt__ (CPython's comparisons, in its order, for short
# lists), and a > b through the right operand's __lt__.

class Card:
    def __init__(self, rank, name):
        self.rank = rank
        self.name = name

    def __lt__(self, other):
        print("cmp", self.name, other.name)
        return self.rank < other.rank

    def __repr__(self):
        return "Card(" + str(self.rank) + ", " + self.name + ")"


cards = [Card(3, "a"), Card(1, "b"), Card(3, "c"), Card(2, "d"), Card(0, "e")]
print(sorted(cards))
print(sorted(cards, reverse=True))
print(min(cards), max(cards))
cards.sort()
print(cards)
desc = [Card(5, "p"), Card(4, "q"), Card(3, "r"), Card(7, "s")]
desc.sort()
print(desc)
print(Card(1, "x") > Card(2, "y"))


class Key:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __lt__(self, other):
        return self.a < other.a


big = [Key((i * 37) % 11, i) for i in range(70)]
print([k.b for k in sorted(big)])
print([k.b for k in sorted(big, reverse=True)])
print(min(big).b, max(big).b)
