# corpus: linked_list - a singly linked list class: push/append/insert/delete by index, reverse in
#   place, iteration by a generator, __len__/__getitem__/__repr__, IndexError on bad indices.
# model: TheAlgorithms/Python, data_structures/linked_list/singly_linked_list.py
#   (https://github.com/TheAlgorithms/Python, MIT License). Written independently for this corpus in
#   the style of its model; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, operators, exceptions, generators

from typing import Any, Iterator, Optional


class Node:
    def __init__(self, data: Any) -> None:
        self.data = data
        self.next: Optional["Node"] = None

    def __repr__(self) -> str:
        return f"Node({self.data})"


class LinkedList:
    def __init__(self) -> None:
        self.head: Optional[Node] = None

    def __iter__(self) -> Iterator[Any]:
        node = self.head
        while node:
            yield node.data
            node = node.next

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return " -> ".join(str(item) for item in self)

    def __getitem__(self, index: int) -> Any:
        if not 0 <= index < len(self):
            raise IndexError("list index out of range.")
        for i, node in enumerate(self):
            if i == index:
                return node
        return None

    def __setitem__(self, index: int, data: Any) -> None:
        if not 0 <= index < len(self):
            raise IndexError("list index out of range.")
        current = self.head
        for _ in range(index):
            current = current.next
        current.data = data

    def insert_tail(self, data: Any) -> None:
        self.insert_nth(len(self), data)

    def insert_head(self, data: Any) -> None:
        self.insert_nth(0, data)

    def insert_nth(self, index: int, data: Any) -> None:
        if not 0 <= index <= len(self):
            raise IndexError("list index out of range")
        new_node = Node(data)
        if self.head is None:
            self.head = new_node
        elif index == 0:
            new_node.next = self.head
            self.head = new_node
        else:
            temp = self.head
            for _ in range(index - 1):
                temp = temp.next
            new_node.next = temp.next
            temp.next = new_node

    def delete_head(self) -> Any:
        return self.delete_nth(0)

    def delete_tail(self) -> Any:
        return self.delete_nth(len(self) - 1)

    def delete_nth(self, index: int = 0) -> Any:
        if not 0 <= index <= len(self) - 1:
            raise IndexError("List index out of range.")
        delete_node = self.head
        if index == 0:
            self.head = self.head.next
        else:
            temp = self.head
            for _ in range(index - 1):
                temp = temp.next
            delete_node = temp.next
            temp.next = temp.next.next
        return delete_node.data

    def is_empty(self) -> bool:
        return self.head is None

    def reverse(self) -> None:
        prev = None
        current = self.head
        while current:
            next_node = current.next
            current.next = prev
            prev = current
            current = next_node
        self.head = prev


def main() -> None:
    ll = LinkedList()
    for i in range(1, 11):
        ll.insert_tail(i * i)
    ll.insert_head(0)
    ll.insert_nth(3, -7)
    print(ll, "| length", len(ll))
    print("deleted:", ll.delete_head(), ll.delete_tail(), ll.delete_nth(2))
    ll.reverse()
    print(ll)
    ll[0] = "last"
    print(ll[0], ll[len(ll) - 1], sum(x for x in ll if isinstance(x, int)))
    for bad in (-1, 100):
        try:
            ll.delete_nth(bad)
        except IndexError as e:
            print(f"delete_nth({bad}):", e)
    while not ll.is_empty():
        ll.delete_head()
    try:
        ll[0]
    except IndexError:
        print("empty list has no item 0; len =", len(ll))


if __name__ == "__main__":
    main()
