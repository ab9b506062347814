# corpus: retry_backoff - call a flaky operation (a deterministic simulation of a service that fails
#   with timeouts and errors) under a retry policy with exponential backoff and a retry budget;
#   transient errors are retried, permanent ones are not, the last error is re-raised.
# model: the retry helpers found in many code bases and tutorials, e.g. the `retrying`/`tenacity`
#   pattern (https://github.com/jd/tenacity, Apache-2.0) written by hand. Written independently for
#   this corpus; no code copied. Adapted: no sleeping; the delays are summed and printed.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, augmented-assign, inheritance, closures


class ServiceError(Exception):
    pass


class TransientError(ServiceError):
    pass


class TimeoutError_(TransientError):
    pass


class PermanentError(ServiceError):
    pass


class RetryBudgetExceeded(Exception):
    pass


def make_service(pattern):
    """A fake service: `pattern` lists what successive calls do."""
    calls = {"n": 0}

    def call(request):
        i = calls["n"]
        calls["n"] += 1
        outcome = pattern[i % len(pattern)]
        if outcome == "timeout":
            raise TimeoutError_(f"request {request!r} timed out (call {i})")
        if outcome == "busy":
            raise TransientError(f"service busy (call {i})")
        if outcome == "bad":
            raise PermanentError(f"request {request!r} rejected (call {i})")
        return f"{request.upper()}#{i}"
    return call, calls


def retry(func, request, attempts=5, base_delay=0.1, factor=2.0, max_delay=1.0):
    delay = base_delay
    waited = 0.0
    last_error = None
    for attempt in range(1, attempts + 1):
        try:
            result = func(request)
        except TransientError as err:
            last_error = err
            if attempt == attempts:
                break
            waited += delay
            delay = min(delay * factor, max_delay)
        except PermanentError:
            raise
        else:
            return result, attempt, round(waited, 3)
    raise RetryBudgetExceeded(f"gave up after {attempts} attempts") from last_error


SCENARIOS = [
    ("ok first time", ["ok"], 3),
    ("two timeouts", ["timeout", "timeout", "ok"], 5),
    ("busy then ok", ["busy", "ok"], 5),
    ("always busy", ["busy"], 4),
    ("permanent", ["timeout", "bad"], 5),
    ("long outage", ["timeout"] * 6 + ["ok"], 8),
]

if __name__ == "__main__":
    for name, pattern, attempts in SCENARIOS:
        service, counter = make_service(pattern)
        try:
            result, used, waited = retry(service, "ping", attempts=attempts)
            print(f"{name:14} -> {result} after {used} attempt(s), waited {waited}s")
        except RetryBudgetExceeded as e:
            print(f"{name:14} -> {e}; cause: {type(e.__cause__).__name__}: {e.__cause__}")
        except ServiceError as e:
            print(f"{name:14} -> failed: {type(e).__name__}: {e}")
        finally:
            print(f"{'':14}    calls made: {counter['n']}")
