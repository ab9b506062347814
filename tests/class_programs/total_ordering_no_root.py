# expect-error: 5:1 ordering
from functools import total_ordering


@total_ordering
class P:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other.v


print(P(1) == P(1))
