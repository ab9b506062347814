# Exception classes of the program: a hierarchy under built-in classes, an __init__ that composes the
# message, handlers by the class and by its bases, isinstance.
class AppError(Exception):
    """Every error of this program."""


class ShapeError(AppError, ):
    pass


class RankError(ShapeError):
    def __init__(self, rank, want=2):
        super().__init__(f"rank {rank}, expected {want}")


class Missing(KeyError):
    pass


def check(dims):
    if len(dims) != 2:
        raise RankError(len(dims))
    if dims[0] <= 0 or dims[1] <= 0:
        raise ShapeError(f"bad dims {dims!r}")
    return dims[0] * dims[1]


for dims in [[2, 3], [1, 2, 3], [0, 4], [5]]:
    try:
        print("size", check(dims))
    except RankError as e:
        print("rank:", e, repr(e), isinstance(e, ShapeError), isinstance(e, AppError))
    except ShapeError as e:
        print("shape:", e, isinstance(e, RankError))
try:
    raise Missing("k")
except LookupError as e:
    print("missing:", e, repr(e), isinstance(e, KeyError), isinstance(e, AppError))
try:
    raise RankError(4, want=3)
except AppError as e:
    print("app:", e)
try:
    raise AppError
except Exception as e:
    print("plain:", repr(e), "[" + str(e) + "]")
