# corpus: bank_account - the classic object-oriented exercise: accounts with a balance property,
#   deposits, withdrawals, transfers, a savings account subclass with interest and a withdrawal
#   limit, custom exceptions for invalid operations, a transaction log.
# model: the bank-account exercise of introductory OOP courses, e.g. exercism/python,
#   exercises/practice/bank-account (https://github.com/exercism/python, MIT License). Written
#   independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, inheritance, exceptions, property, augmented-assign, str-format


class AccountError(Exception):
    """Base class for account problems."""


class InsufficientFunds(AccountError):
    def __init__(self, needed, available):
        super().__init__(f"insufficient funds: need {needed:.2f}, have {available:.2f}")
        self.needed = needed
        self.available = available


class AccountClosed(AccountError):
    pass


class Account:
    interest_rate = 0.0
    _next_number = 1000

    def __init__(self, owner, balance=0.0):
        if balance < 0:
            raise ValueError("opening balance must not be negative")
        self.owner = owner
        self._balance = balance
        self.open = True
        self.log = []
        self.number = Account._next_number
        Account._next_number += 1

    @property
    def balance(self):
        if not self.open:
            raise AccountClosed(f"account {self.number} is closed")
        return self._balance

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("amount must be positive")
        if not self.open:
            raise AccountClosed(f"account {self.number} is closed")
        self._balance += amount
        self.log.append(("deposit", amount))

    def withdraw(self, amount):
        if amount <= 0:
            raise ValueError("amount must be positive")
        if amount > self.balance:
            raise InsufficientFunds(amount, self._balance)
        self._balance -= amount
        self.log.append(("withdraw", amount))

    def transfer(self, other, amount):
        self.withdraw(amount)
        try:
            other.deposit(amount)
        except AccountError:
            self.deposit(amount)  # roll back
            raise

    def add_interest(self):
        gained = round(self._balance * self.interest_rate, 2)
        self._balance += gained
        return gained

    def close(self):
        self.open = False

    def __str__(self):
        state = "open" if self.open else "closed"
        return "{:<6} #{} {:>10.2f} ({})".format(self.owner, self.number, self._balance, state)


class SavingsAccount(Account):
    interest_rate = 0.025
    withdrawals_per_month = 2

    def __init__(self, owner, balance=0.0):
        super().__init__(owner, balance)
        self.withdrawals = 0

    def withdraw(self, amount):
        if self.withdrawals >= self.withdrawals_per_month:
            raise AccountError("withdrawal limit reached")
        super().withdraw(amount)
        self.withdrawals += 1

    def new_month(self):
        self.withdrawals = 0
        return self.add_interest()


def main():
    alice = Account("alice", 100.0)
    bob = SavingsAccount("bob", 2500.0)
    carol = Account("carol")
    operations = [
        (alice.deposit, 50.0),
        (alice.withdraw, 500.0),
        (bob.withdraw, 100.0),
        (bob.withdraw, 100.0),
        (bob.withdraw, 100.0),
        (carol.deposit, -5.0),
        (carol.deposit, 75.5),
    ]
    for op, amount in operations:
        try:
            op(amount)
            print(f"{op.__self__.owner}.{op.__name__}({amount}) ok")
        except InsufficientFunds as e:
            print(f"{op.__self__.owner}.{op.__name__}({amount}) refused: {e} (short by {e.needed - e.available:.2f})")
        except (AccountError, ValueError) as e:
            print(f"{op.__self__.owner}.{op.__name__}({amount}) failed: {type(e).__name__}: {e}")
    print("interest for bob:", bob.new_month())
    bob.transfer(alice, 300.0)
    carol.close()
    try:
        alice.transfer(carol, 10.0)
    except AccountClosed as e:
        print("transfer failed:", e)
    for acct in (alice, bob, carol):
        print(acct)
    try:
        print(carol.balance)
    except AccountError as e:
        print("carol:", e)
    total = sum(amount for acct in (alice, bob) for kind, amount in acct.log if kind == "deposit")
    print("deposits:", total, "log sizes:", [len(a.log) for a in (alice, bob, carol)])
    try:
        Account("dave", -1)
    except ValueError as e:
        print("dave:", e)


if __name__ == "__main__":
    main()
