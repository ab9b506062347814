# expect-error: 7:20 init
from dataclasses import dataclass, field


@dataclass
class P:
    x: int = field(init=False, default=0)


print(P())
