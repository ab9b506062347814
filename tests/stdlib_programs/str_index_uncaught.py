# expect-runtime-error: 3:12
def position(s, ch):
    return s.index(ch)


print(position("abc", "c"))
print(position("abc", "z"))
