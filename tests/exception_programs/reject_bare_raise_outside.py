# expect-error: 3:5 type
def f():
    raise
try:
    f()
except RuntimeError as e:
    print(e)
