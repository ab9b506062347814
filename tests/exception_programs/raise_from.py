# raise ... from ...: the cause is kept as __cause__ (None when absent, or after `from None`).
class ServiceError(Exception):
    pass


class RetryBudgetExceeded(ServiceError):
    pass


def parse(text):
    try:
        return int(text)
    except ValueError as err:
        raise ServiceError(f"cannot parse {text!r}") from err


def retry(values):
    last = None
    for v in values:
        try:
            return parse(v)
        except ServiceError as err:
            last = err
    raise RetryBudgetExceeded(f"gave up after {len(values)} attempts") from last


for attempt in (["x", "7"], ["a", "b"]):
    try:
        print("got", retry(attempt))
    except RetryBudgetExceeded as e:
        cause = e.__cause__
        print(e, "| cause:", type(cause).__name__, cause, "| its cause:", type(cause.__cause__).__name__)
        print(repr(cause.__cause__))

try:
    try:
        parse("q")
    except ServiceError:
        raise KeyError("k") from None
except KeyError as e:
    print(repr(e), e.__cause__ is None, e.__cause__)

try:
    raise ValueError("plain")
except ValueError as e:
    print(e.__cause__)


def make_checker(limit):
    def check(v):
        try:
            if v > limit:
                raise ValueError(f"{v} > {limit}")
            return v
        except ValueError as err:
            raise RuntimeError("check failed") from err
    return check


checker = make_checker(3)
try:
    print(checker(2), checker(5))
except RuntimeError as e:
    print(e, "<-", e.__cause__)
