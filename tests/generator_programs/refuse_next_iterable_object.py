# expect-error: 7:12 type
class B:
    def __iter__(self):
        yield 1


print(next(B()))
