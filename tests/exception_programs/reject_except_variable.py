# expect-error: 5:8 unsupported
kind = ValueError("x")
try:
    print(1)
except kind:
    print(2)
