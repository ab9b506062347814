# Nested try statements: inner handlers, re-raise to outer ones, finally order.
def risky(k):
    if k == 1:
        raise ValueError("v")
    if k == 2:
        raise KeyError("k")
    if k == 3:
        raise TypeError("t")
    return k


for k in range(5):
    try:
        try:
            print("result", risky(k))
        except ValueError as e:
            print("inner value", e)
        except KeyError:
            print("inner key, passing on")
            raise
        finally:
            print("inner finally", k)
        print("after inner", k)
    except KeyError as e:
        print("outer key", e)
    except Exception as e:
        print("outer other", repr(e))
    finally:
        print("outer finally", k)

try:
    try:
        raise IndexError("deep")
    finally:
        try:
            raise ValueError("in finally")
        except ValueError as e:
            print("handled in finally:", e)
except IndexError as e:
    print("still the first:", e)
