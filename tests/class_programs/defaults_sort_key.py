class Account:
    interest = 0.02

    def __init__(self, owner, balance=0.0):
        self.owner = owner
        self.balance = balance

    def grow(self, years=1):
        for _ in range(years):
            self.balance = self.balance * (1 + self.interest)
        return self.balance


def richest(accounts):
    best = accounts[0]
    for a in accounts:
        if a.balance > best.balance:
            best = a
    return best


def by_balance(a):
    return a.balance


accts = [Account("a", 100.0), Account("b"), Account("c", 250.5)]
accts[1].grow(3)
print(richest(accts).owner, round(accts[0].grow(2), 4))
accts.sort(key=by_balance)
print([a.owner for a in accts])
table = {a.owner: a for a in accts}
print(table["c"].balance, len(table))
