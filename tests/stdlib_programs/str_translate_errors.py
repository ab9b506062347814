# expect-error: 7:31 type
# expect-error: 8:25 type
# expect-error: 9:25 type
# expect-error: 10:25 type
# expect-error: 11:23 type
def main(s):
    print(str.maketrans("ab", 1))
    print(str.maketrans(["a"], "b"))
    print(str.maketrans("ab"))
    print(str.maketrans({1.5: "a"}))
    print(s.translate({"a": "b"}))


main("abc")
