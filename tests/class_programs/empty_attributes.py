class Stack:
    def __init__(self):
        self.items = []
        self.names = {}

    def push(self, x):
        self.items.append(x)
        self.names[str(x)] = len(self.items)

    def pop(self):
        return self.items.pop()

    def peek(self):
        return self.items[-1]

    def is_empty(self):
        return len(self.items) == 0


s = Stack()
s.push(1)
s.push(2)
s.push(3)
print(s.pop(), s.peek(), s.is_empty(), s.items, s.names)
