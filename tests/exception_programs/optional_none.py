# AttributeError of None (an Optional used as its object) and an Optional set in a handler.
class Node:
    def __init__(self, value, next):
        self.value = value
        self.next = next


def second(n):
    return n.next.value


chain = Node(1, Node(2, None))
print(second(chain))
try:
    print(second(chain.next))
except AttributeError as e:
    print("attribute:", e)


def parse(s):
    result = None
    try:
        result = str(int(s) * 2)
    except ValueError:
        print("not a number:", s)
    return result


print(parse("12"), parse("x"))
