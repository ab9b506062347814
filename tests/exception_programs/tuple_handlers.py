# except (E1, E2) as e
def f(k):
    if k == 0:
        return [1][3]
    if k == 1:
        return {"a": 1}["b"]
    if k == 2:
        return 1 // 0
    return int("q")


for k in range(4):
    try:
        print(f(k))
    except (IndexError, KeyError) as e:
        print("lookup-ish", k, e)
    except (ZeroDivisionError, ValueError, TypeError) as e:
        print("other", k, repr(e), isinstance(e, (ValueError, TypeError)))
