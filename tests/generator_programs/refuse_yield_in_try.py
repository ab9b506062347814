# expect-error: 3:5 try
def g():
    try:
        yield 1
    except ValueError:
        pass


for x in g():
    print(x)
