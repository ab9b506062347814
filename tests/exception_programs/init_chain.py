# Exception classes' __init__s chain as in CPython: super().__init__(m) passes m to the base's
# __init__; an __init__ that never calls super().__init__ keeps the constructor's argument.
class AppError(Exception):
    def __init__(self, msg, prefix="app"):
        super().__init__(prefix + ": " + msg)


class DbError(AppError):
    def __init__(self, table):
        super().__init__("db " + table)


class Deeper(DbError):
    """inherits DbError's __init__"""


class Quiet(Exception):
    def __init__(self, what):
        pass


class Silent(Exception):
    def __init__(self, n):
        super().__init__()


class Loud(Quiet):
    def __init__(self, word):
        super().__init__(word.upper())


def fail(kind, n):
    if kind == 0:
        raise DbError("users" + str(n))
    if kind == 1:
        raise Deeper("t")
    if kind == 2:
        raise Quiet("q" * n)
    if kind == 3:
        raise Silent(n)
    if kind == 4:
        raise Loud("hey")
    raise AppError(msg="m", prefix=str(n))


for kind in range(6):
    try:
        fail(kind, 2)
    except AppError as e:
        print("AppError", "[" + str(e) + "]", repr(e))
    except Exception as e:
        print("Exception", "[" + str(e) + "]", repr(e))
