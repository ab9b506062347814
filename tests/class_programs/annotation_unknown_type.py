# expect-error: 4:15 annotation
from typing import List

def total(xs: Lisst[int]) -> int:
    return sum(xs)


print(total([1, 2]))
