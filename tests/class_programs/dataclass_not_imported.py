# expect-error: 5:2 dataclass
import functools


@dataclass
class P:
    x: int


print(P(1))
