# sys.exit is no Exception: `except Exception` lets it through, `finally` still runs.
import sys


def stop():
    try:
        sys.exit(0)
    except Exception:
        print("never: SystemExit is no Exception")
    finally:
        print("finally runs on sys.exit")


try:
    print("before")
    stop()
    print("never")
except ValueError:
    print("never either")
finally:
    print("outer finally")
print("not reached")
