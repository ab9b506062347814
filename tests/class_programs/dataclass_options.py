# expect-error: 5:11 options
from dataclasses import dataclass


@dataclass(order=True)
class P:
    x: int


print(P(1))
