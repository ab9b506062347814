class Account:
    def __init__(self, owner, cents):
        self.owner = owner
        self._cents = cents

    @property
    def balance(self):
        return self._cents / 100

    @property
    def label(self):
        return f"{self.owner}: {self.balance:.2f}"


class Savings(Account):
    @property
    def label(self):
        return "savings of " + self.owner


a = Account("ann", 1250)
print(a.balance, a.label)
accts = [Account("bob", 5), Savings("cy", 7)]
for x in accts:
    print(x.label, x.balance)
print(sorted(accts, key=lambda acc: acc.balance)[0].owner)
print(sum(acc.balance for acc in accts))
