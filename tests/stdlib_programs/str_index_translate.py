from string import ascii_lowercase, punctuation

s = "abracadabra"
print(s.index("a"), s.index("bra"), s.index("a", 1), s.index("a", 1, 4), s.index("", 3), s.index("a", -3))
print(s.rindex("a"), s.rindex("bra"), s.rindex("a", 0, 5), s.rindex(""), s.rindex("a", -6, -2))
for sub, start in [("z", 0), ("a", 11), ("cad", 5)]:
    try:
        print(s.index(sub, start))
    except ValueError as e:
        print("ValueError:", e)
    try:
        print(s.rindex(sub, start))
    except ValueError as e:
        print("ValueError:", e)
print(ascii_lowercase[(ascii_lowercase.index("x") + 5) % 26])

pairs = str.maketrans("abc", "xyz")
print(pairs)
print(s.translate(pairs))
deleting = str.maketrans("ab", "ba", "r")
print(deleting, s.translate(deleting))
strip = str.maketrans("", "", punctuation.replace("'", ""))
print("Hello, World! It's (nearly) 5:00.".translate(strip))
print(str.maketrans({"a": "AA", "b": ""}), s.translate(str.maketrans({"a": "AA", "b": ""})))
print(str.maketrans({97: 65, 98: 66}), s.translate(str.maketrans({97: 65, 98: 66})))
print(s.translate({ord("a"): None}), s.translate({ord("r"): "R!"}), s.translate({ord("c"): 67}))
print("".translate(pairs))
table = {}
for ch in "abc":
    table[ord(ch)] = ch.upper() * 2
print("a-b-c-d".translate(table))
for x, y in [("ab", "c"), ("", "x")]:
    try:
        print(str.maketrans(x, y))
    except ValueError as e:
        print("ValueError:", e)
try:
    print(str.maketrans({"ab": "c"}))
except ValueError as e:
    print("ValueError:", e)
for code in [-1, 1114112, 1114111]:
    try:
        print(len("a".translate({97: code})))
    except ValueError as e:
        print("ValueError:", e)
swap = s.maketrans("ab", "ba")  # the static method read through an instance
print(swap, s.translate(swap), "x".maketrans({"x": "yy"}))
