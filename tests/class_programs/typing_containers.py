# typing's generic names in annotations; List[int] and Dict[str, List[int]] fix empty containers' types.
from typing import Callable, Dict, List, Optional, Set, Tuple


def count(words: List[str]) -> Dict[str, int]:
    out: Dict[str, int] = {}
    for w in words:
        out[w] = out.get(w, 0) + 1
    return out


def apply_all(f: Callable[..., int], xs: List[int]) -> List[int]:
    return [f(x) for x in xs]


xs: List[int] = []
groups: Dict[str, List[int]] = {}
seen: Set[Tuple[int, int]] = set()
best: Optional[int] = None
for i in range(5):
    xs.append(i * i)
    groups.setdefault("even" if i % 2 == 0 else "odd", []).append(i)
    seen.add((i, i % 2))
    if best is None or i > best:
        best = i
print(count(["a", "b", "a"]), xs, groups, sorted(seen), best)
def twice(v: int) -> int:
    return 2 * v


print(apply_all(twice, [-5, 5]))
