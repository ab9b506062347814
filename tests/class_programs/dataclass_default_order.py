# expect-error: 8:5 non-default
from dataclasses import dataclass


@dataclass
class P:
    x: int = 0
    y: int


print(P(1, 2))
