# expect-error: 2:5 type
def nest(n):
    if n == 0:
        return None
    return {"child": nest(n - 1)}


print(nest(2))
