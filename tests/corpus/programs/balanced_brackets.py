# corpus: balanced_brackets - a Stack class (push/pop/peek raising a custom StackEmptyError),
#   bracket matching that reports the position of the first error, and infix-to-postfix conversion
#   with postfix evaluation, all driven by the stack.
# model: TheAlgorithms/Python, data_structures/stacks/stack.py, balanced_parentheses.py and
#   infix_to_postfix_conversion.py (https://github.com/TheAlgorithms/Python, MIT License). Written
#   independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, lambda, str-methods


class StackOverflowError(BaseException):
    pass


class StackUnderflowError(BaseException):
    pass


class Stack:
    def __init__(self, limit: int = 100):
        self.stack = []
        self.limit = limit

    def __bool__(self):
        return bool(self.stack)

    def __str__(self):
        return str(self.stack)

    def push(self, data):
        if len(self.stack) >= self.limit:
            raise StackOverflowError
        self.stack.append(data)

    def pop(self):
        if not self.stack:
            raise StackUnderflowError
        return self.stack.pop()

    def peek(self):
        if not self.stack:
            raise StackUnderflowError
        return self.stack[-1]

    def is_empty(self):
        return not bool(self.stack)

    def size(self):
        return len(self.stack)


PAIRS = {"(": ")", "[": "]", "{": "}"}


def check_brackets(text):
    """Return None when balanced, else the index of the first offending character."""
    stack = Stack(limit=8)
    try:
        for i, ch in enumerate(text):
            if ch in PAIRS:
                stack.push((ch, i))
            elif ch in PAIRS.values():
                opener, _ = stack.pop()
                if PAIRS[opener] != ch:
                    return i
    except StackUnderflowError:
        return i
    except StackOverflowError:
        return -1
    if not stack.is_empty():
        return stack.peek()[1]
    return None


PRECEDENCE = {"^": 3, "*": 2, "/": 2, "+": 1, "-": 1}


def infix_to_postfix(expression):
    stack = Stack()
    out = []
    for token in expression.split():
        if token.isdigit():
            out.append(token)
        elif token == "(":
            stack.push(token)
        elif token == ")":
            while stack.peek() != "(":
                out.append(stack.pop())
            stack.pop()
        else:
            while (not stack.is_empty() and stack.peek() != "(" and
                   (PRECEDENCE[stack.peek()] > PRECEDENCE[token] or
                    (PRECEDENCE[stack.peek()] == PRECEDENCE[token] and token != "^"))):
                out.append(stack.pop())
            stack.push(token)
    while not stack.is_empty():
        out.append(stack.pop())
    return " ".join(out)


def evaluate_postfix(postfix):
    stack = Stack()
    ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
           "/": lambda a, b: a / b, "^": lambda a, b: a ** b}
    for token in postfix.split():
        if token in ops:
            b, a = stack.pop(), stack.pop()
            stack.push(ops[token](a, b))
        else:
            stack.push(int(token))
    result = stack.pop()
    if not stack.is_empty():
        raise ValueError("malformed expression: operands left over")
    return result


if __name__ == "__main__":
    for text in ["([]{})", "([)]", "((()", "())", "{[()()]}", "a(b[c]d)e", "", "((((((((()))))))))", "}"]:
        pos = check_brackets(text)
        verdict = "balanced" if pos is None else ("too deep" if pos == -1 else f"error at {pos}")
        print(f"{text!r:24} {verdict}")
    for expr in ["3 + 4 * 2", "( 3 + 4 ) * 2", "2 ^ 3 ^ 2", "8 / 2 / 2", "( 1 + 2 ) * ( 3 + 4 ) - 5 ^ 2", "1 2"]:
        post = infix_to_postfix(expr)
        try:
            print(f"{expr:32} -> {post:24} = {evaluate_postfix(post)}")
        except ValueError as e:
            print(f"{expr:32} -> {post:24} ! {e}")
    try:
        evaluate_postfix("1 +")
    except StackUnderflowError:
        print("underflow on '1 +'")
