# expect-error: 7:5 conflict
from dataclasses import dataclass


@dataclass
class P:
    x: float


print(P(1), P(2.5))
