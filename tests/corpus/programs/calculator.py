# corpus: calculator - an arithmetic expression evaluator: a tokenizer, a recursive-descent parser
#   for + - * / ^, unary minus, parentheses, variables and a few functions, errors reported with
#   their position through a ParseError exception; evaluates a list of good and bad expressions.
# model: the recursive-descent calculators of Python tutorials, e.g. TheAlgorithms/Python,
#   data_structures/stacks/dijkstras_two_stack_algorithm.py and other/infix_to_postfix
#   (https://github.com/TheAlgorithms/Python, MIT License). Written independently for this corpus;
#   no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, recursion, augmented-assign, str-methods

import math


class ParseError(Exception):
    def __init__(self, message, position):
        super().__init__(message)
        self.position = position


class Token:
    def __init__(self, kind, text, position):
        self.kind = kind
        self.text = text
        self.position = position

    def __repr__(self):
        return f"Token({self.kind}, {self.text!r})"


def tokenize(source):
    tokens = []
    i = 0
    while i < len(source):
        ch = source[i]
        if ch.isspace():
            i += 1
        elif ch.isdigit() or ch == ".":
            start = i
            while i < len(source) and (source[i].isdigit() or source[i] == "."):
                i += 1
            text = source[start:i]
            if text.count(".") > 1:
                raise ParseError(f"malformed number {text!r}", start)
            tokens.append(Token("num", text, start))
        elif ch.isalpha():
            start = i
            while i < len(source) and (source[i].isalnum() or source[i] == "_"):
                i += 1
            tokens.append(Token("name", source[start:i], start))
        elif ch in "+-*/^(),":
            tokens.append(Token("op", ch, i))
            i += 1
        else:
            raise ParseError(f"unexpected character {ch!r}", i)
    tokens.append(Token("end", "", len(source)))
    return tokens


FUNCTIONS = {"sqrt": math.sqrt, "sin": math.sin, "cos": math.cos, "abs": abs, "max": max, "min": min}


class Parser:
    def __init__(self, source, variables):
        self.tokens = tokenize(source)
        self.pos = 0
        self.variables = variables

    @property
    def current(self):
        return self.tokens[self.pos]

    def advance(self):
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def expect(self, text):
        if self.current.text != text:
            raise ParseError(f"expected {text!r}, found {self.current.text or 'end of input'!r}",
                             self.current.position)
        return self.advance()

    def parse(self):
        value = self.expression()
        if self.current.kind != "end":
            raise ParseError(f"unexpected {self.current.text!r}", self.current.position)
        return value

    def expression(self):
        value = self.term()
        while self.current.text in ("+", "-"):
            op = self.advance().text
            rhs = self.term()
            value = value + rhs if op == "+" else value - rhs
        return value

    def term(self):
        value = self.factor()
        while self.current.text in ("*", "/"):
            op = self.advance()
            rhs = self.factor()
            if op.text == "*":
                value *= rhs
            else:
                if rhs == 0:
                    raise ParseError("division by zero", op.position)
                value /= rhs
        return value

    def factor(self):
        if self.current.text == "-":
            self.advance()
            return -self.factor()
        base = self.atom()
        if self.current.text == "^":
            self.advance()
            return base ** self.factor()
        return base

    def atom(self):
        tok = self.current
        if tok.kind == "num":
            self.advance()
            return float(tok.text) if "." in tok.text else int(tok.text)
        if tok.kind == "name":
            self.advance()
            if self.current.text == "(":
                return self.call(tok)
            try:
                return self.variables[tok.text]
            except KeyError:
                raise ParseError(f"unknown variable {tok.text!r}", tok.position) from None
        if tok.text == "(":
            self.advance()
            value = self.expression()
            self.expect(")")
            return value
        raise ParseError(f"unexpected {tok.text or 'end of input'!r}", tok.position)

    def call(self, name):
        if name.text not in FUNCTIONS:
            raise ParseError(f"unknown function {name.text!r}", name.position)
        self.expect("(")
        args = [self.expression()]
        while self.current.text == ",":
            self.advance()
            args.append(self.expression())
        self.expect(")")
        try:
            return FUNCTIONS[name.text](*args)
        except (ValueError, TypeError) as e:
            raise ParseError(f"{name.text}: {e}", name.position)


def evaluate(source, variables=None):
    return Parser(source, variables or {}).parse()


EXPRESSIONS = [
    "1 + 2 * 3",
    "(1 + 2) * 3",
    "2 ^ 3 ^ 2",
    "-2 ^ 2",
    "10 / 4 - 0.5",
    "sqrt(16) + max(1, 7, 3) * x",
    "2 * (3 + y",
    "4 / (2 - 2)",
    "3 $ 4",
    "1.2.3 + 1",
    "sqrt(-1)",
    "foo(2)",
    "z + 1",
    "max()",
    "7 7",
    "abs(-3.5) * cos(0) + min(4, 2)",
]

if __name__ == "__main__":
    env = {"x": 2.5, "y": -1}
    for expr in EXPRESSIONS:
        try:
            print(f"{expr:32} = {evaluate(expr, env)}")
        except ParseError as e:
            print(f"{expr:32} ! {e} at {e.position}\n{' ' * 35}{' ' * e.position}^")
