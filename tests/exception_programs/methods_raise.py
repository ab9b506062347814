# Methods raise and catch; an abstract method that only raises; state of an object after a failed
# update.
class Account:
    def __init__(self, owner, balance):
        self.owner = owner
        self.balance = balance
        self.log: list[str] = []

    def withdraw(self, amount):
        if amount <= 0:
            raise ValueError(f"amount must be positive, got {amount}")
        if amount > self.balance:
            raise RuntimeError(f"{self.owner} has only {self.balance}")
        self.balance = self.balance - amount
        self.log.append(f"-{amount}")

    def try_withdraw(self, amount):
        try:
            self.withdraw(amount)
            return True
        except ValueError as e:
            self.log.append("refused: " + str(e))
            return False


class Shape:
    def area(self):
        raise NotImplementedError("area of " + self.name())

    def name(self):
        return "shape"


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side * self.side

    def name(self):
        return "square"


class Blob(Shape):
    def name(self):
        return "blob"


acct = Account("ada", 10)
print(acct.try_withdraw(3), acct.try_withdraw(-2), acct.balance, acct.log)
try:
    acct.withdraw(50)
except RuntimeError as e:
    print("runtime:", e, acct.balance, acct.log)
shapes = [Square(3), Blob(), Square(2)]
for s in shapes:
    try:
        print(s.name(), s.area())
    except NotImplementedError as e:
        print("no area:", e)
