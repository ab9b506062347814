# corpus: json_parser - a small hand-written JSON parser (objects, arrays, strings with escapes,
#   numbers, true/false/null) raising a JSONError with line and column, and a serializer; parses
#   good and malformed documents and round-trips them.
# model: the recursive-descent JSON parsers of tutorials and of Python's own json module
#   (python/cpython, Lib/json/decoder.py, PSF License) as a reference for behaviour. Written
#   independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, augmented-assign, sets, recursion, str-methods


class JSONError(Exception):
    def __init__(self, msg, text, pos):
        line = text.count("\n", 0, pos) + 1
        col = pos - text.rfind("\n", 0, pos)
        super().__init__(f"{msg}: line {line} column {col} (char {pos})")
        self.pos = pos


ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
WHITESPACE = " \t\n\r"


class Parser:
    def __init__(self, text):
        self.text = text
        self.i = 0

    def error(self, msg):
        raise JSONError(msg, self.text, self.i)

    def skip(self):
        while self.i < len(self.text) and self.text[self.i] in WHITESPACE:
            self.i += 1

    def peek(self):
        self.skip()
        return self.text[self.i] if self.i < len(self.text) else ""

    def parse(self):
        value = self.value()
        if self.peek():
            self.error("Extra data")
        return value

    def value(self):
        ch = self.peek()
        if ch == "{":
            return self.obj()
        if ch == "[":
            return self.array()
        if ch == '"':
            return self.string()
        if ch == "-" or ch.isdigit():
            return self.number()
        for word, val in (("true", True), ("false", False), ("null", None)):
            if self.text.startswith(word, self.i):
                self.i += len(word)
                return val
        self.error("Expecting value")

    def obj(self):
        self.i += 1
        result = {}
        if self.peek() == "}":
            self.i += 1
            return result
        while True:
            if self.peek() != '"':
                self.error("Expecting property name enclosed in double quotes")
            key = self.string()
            if self.peek() != ":":
                self.error("Expecting ':' delimiter")
            self.i += 1
            result[key] = self.value()
            ch = self.peek()
            self.i += 1
            if ch == "}":
                return result
            if ch != ",":
                self.i -= 1
                self.error("Expecting ',' delimiter")

    def array(self):
        self.i += 1
        result = []
        if self.peek() == "]":
            self.i += 1
            return result
        while True:
            result.append(self.value())
            ch = self.peek()
            self.i += 1
            if ch == "]":
                return result
            if ch != ",":
                self.i -= 1
                self.error("Expecting ',' delimiter")

    def string(self):
        self.i += 1
        chunks = []
        while True:
            if self.i >= len(self.text):
                self.error("Unterminated string")
            ch = self.text[self.i]
            if ch == '"':
                self.i += 1
                return "".join(chunks)
            if ch == "\\":
                esc = self.text[self.i + 1:self.i + 2]
                if esc == "u":
                    try:
                        chunks.append(chr(int(self.text[self.i + 2:self.i + 6], 16)))
                    except ValueError:
                        self.error("Invalid \\uXXXX escape")
                    self.i += 6
                    continue
                if esc not in ESCAPES:
                    self.error("Invalid \\escape")
                chunks.append(ESCAPES[esc])
                self.i += 2
            else:
                chunks.append(ch)
                self.i += 1

    def number(self):
        start = self.i
        if self.text[self.i] == "-":
            self.i += 1
        while self.i < len(self.text) and (self.text[self.i].isdigit() or self.text[self.i] in ".eE+-"):
            self.i += 1
        literal = self.text[start:self.i]
        try:
            return int(literal)
        except ValueError:
            try:
                return float(literal)
            except ValueError:
                self.i = start
                self.error(f"Invalid number {literal!r}")


def loads(text):
    return Parser(text).parse()


def dumps(value, indent=0):
    pad = "  " * indent
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        out = '"'
        for ch in value:
            if ch in '"\\':
                out += "\\" + ch
            elif ch == "\n":
                out += "\\n"
            elif ord(ch) < 32:
                out += "\\u%04x" % ord(ch)
            else:
                out += ch
        return out + '"'
    if isinstance(value, list):
        if not value:
            return "[]"
        return "[" + ", ".join(dumps(v, indent) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f'{pad}  {dumps(k)}: {dumps(v, indent + 1)}' for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


DOCUMENT = """
{
  "name": "pyscript corpus",
  "version": 3,
  "ratio": -0.125e1,
  "tags": ["json", "parser", "\\u00e9t\\u00e9"],
  "nested": {"empty": {}, "list": [], "flags": [true, false, null]},
  "text": "line one\\nline \\"two\\""
}
"""

BAD = ['{"a": 1,}', '[1, 2', '{"a" 1}', '"abc', '[1, 2] x', '{"a": tru}', '[01.2.3]', '{1: 2}', '"\\q"']

if __name__ == "__main__":
    doc = loads(DOCUMENT)
    print(dumps(doc))
    print(loads(dumps(doc)) == doc, doc["tags"][2], len(doc["text"]))
    for text in BAD:
        try:
            print(text, "->", loads(text))
        except JSONError as e:
            print(text, "->", "JSONError:", e)
    try:
        dumps({"x": {1, 2}})
    except TypeError as e:
        print("TypeError:", e)
