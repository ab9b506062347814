# expect-error: 7:19 mutable
from dataclasses import dataclass


@dataclass
class Bag:
    items: list = []


print(Bag())
