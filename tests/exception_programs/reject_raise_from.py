# expect-error: 5:5 unsupported
try:
    x = int("a")
except ValueError as e:
    raise RuntimeError("bad") from e
