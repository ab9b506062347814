# typing's names and forward references in annotations change nothing at run time.
import typing
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, Union


class Node:
    def __init__(self, data: Any) -> None:
        self.data = data
        self.next: Optional["Node"] = None


class Stack:
    def __init__(self) -> None:
        self.top: Optional[Node] = None
        self.sizes: List[int] = []
        self.seen: Dict[str, int] = {}

    def push(self, data: Any) -> "Stack":
        node = Node(data)
        node.next = self.top
        self.top = node
        self.sizes.append(len(self))
        return self

    def __iter__(self) -> Iterator[Any]:
        node = self.top
        while node:
            yield node.data
            node = node.next

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def pop(self) -> typing.Optional[int]:
        if self.top is None:
            return None
        data = self.top.data
        self.top = self.top.next
        return data


def apply(f: Callable[[int], int], x: Union[int, float]) -> int:
    return f(x)


def pair(a: int, b: "int | None" = None) -> Tuple[int, ...]:
    return (a, a if b is None else b)


def first(xs: list[int], default: int | None = None) -> Optional[int]:
    return xs[0] if xs else default


s = Stack().push(1).push(2).push(3)
print(list(s), len(s), s.sizes, s.seen)
print(s.pop(), s.pop(), s.pop(), s.pop())
print(apply(lambda v: v * 10, 4), pair(3), pair(3, 4))
print(first([7, 8]), first([9], -1))
