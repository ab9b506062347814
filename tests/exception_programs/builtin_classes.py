# Each built-in exception class pyscript knows, raised and caught by itself, then by a base class.
def raise_one(k):
    if k == 0:
        raise ZeroDivisionError("zero")
    if k == 1:
        raise OverflowError("over")
    if k == 2:
        raise IndexError("index")
    if k == 3:
        raise KeyError("key")
    if k == 4:
        raise ValueError("value")
    if k == 5:
        raise TypeError("type")
    if k == 6:
        raise RuntimeError("runtime")
    if k == 7:
        raise RecursionError("recursion")
    if k == 8:
        raise NotImplementedError("not implemented")
    if k == 9:
        raise NameError("name")
    if k == 10:
        raise UnboundLocalError("unbound")
    if k == 11:
        raise AssertionError("assertion")
    if k == 12:
        raise AttributeError("attribute")
    if k == 13:
        raise ArithmeticError("arithmetic")
    if k == 14:
        raise LookupError("lookup")
    raise Exception("plain")


def by_itself(k):
    try:
        raise_one(k)
    except ZeroDivisionError as e:
        return "ZeroDivisionError " + str(e)
    except OverflowError as e:
        return "OverflowError " + str(e)
    except IndexError as e:
        return "IndexError " + str(e)
    except KeyError as e:
        return "KeyError " + str(e)
    except ValueError as e:
        return "ValueError " + str(e)
    except TypeError as e:
        return "TypeError " + str(e)
    except RecursionError as e:
        return "RecursionError " + str(e)
    except NotImplementedError as e:
        return "NotImplementedError " + str(e)
    except RuntimeError as e:
        return "RuntimeError " + str(e)
    except UnboundLocalError as e:
        return "UnboundLocalError " + str(e)
    except NameError as e:
        return "NameError " + str(e)
    except AssertionError as e:
        return "AssertionError " + str(e)
    except AttributeError as e:
        return "AttributeError " + str(e)
    except ArithmeticError as e:
        return "ArithmeticError " + str(e)
    except LookupError as e:
        return "LookupError " + str(e)
    except Exception as e:
        return "Exception " + str(e)
    return "nothing"


def by_base(k):
    try:
        raise_one(k)
    except ArithmeticError as e:
        return "ArithmeticError catches " + repr(e)
    except LookupError as e:
        return "LookupError catches " + repr(e)
    except RuntimeError as e:
        return "RuntimeError catches " + repr(e)
    except NameError as e:
        return "NameError catches " + repr(e)
    except Exception as e:
        return "Exception catches " + repr(e)
    return "nothing"


for k in range(16):
    print(k, by_itself(k), "|", by_base(k))
