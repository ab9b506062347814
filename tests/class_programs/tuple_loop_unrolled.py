# A loop over a tuple of several types is unrolled (Note [Loops over tuples of several types]); an
# isinstance the types decide rules its branch out (Note [Branches the types decide]).
def to_words(n):
    if not isinstance(n, int):
        raise TypeError(f"expected an int, got {type(n).__name__}")
    if n > 100:
        raise ValueError("too large")
    return str(n)


for bad in (3.5, 10 ** 13, 7):
    try:
        print(to_words(bad))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
total = 0
for x in (1, 2.5, True):
    for y in (1, "a"):
        print(x, y)
