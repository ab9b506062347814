# The first handler that matches runs; a base class first hides its subclasses.
def classify(k):
    try:
        if k == 0:
            raise ZeroDivisionError("z")
        if k == 1:
            raise IndexError("i")
        if k == 2:
            raise RecursionError("r")
        if k == 3:
            raise ValueError("v")
        return "fine"
    except ArithmeticError:
        return "arithmetic"
    except ZeroDivisionError:
        return "never: arithmetic came first"
    except LookupError as e:
        return "lookup " + str(e)
    except RuntimeError:
        return "runtime"
    except:
        return "anything else"


for k in range(5):
    print(k, classify(k))
