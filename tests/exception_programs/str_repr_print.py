# str, repr, print and f-strings of exceptions, as CPython shows them.
e1 = ValueError("bad value")
e2 = KeyError("k")
e3 = ValueError()
e4 = ValueError(42)
e5 = KeyError((1, "a"))
e6 = RuntimeError(3.5)
e7 = IndexError([1, 2])
print(e1, e2, e3, e4, e5, e6, e7)
print(repr(e1), repr(e2), repr(e3), repr(e4), repr(e5), repr(e6), repr(e7))
print(str(e2) == "'k'", str(e3) == "", str(e4))
print(f"{e1} | {e2!r} | {e3!r} | {e5}")
print("%s and %r" % (e1, e2))
print([e1, e2], (e3,), {"k": e4})
print("[" + str(e1) + "]", len(str(e2)))
try:
    raise e1
except ValueError as e:
    print("same object:", e is e1, e)
