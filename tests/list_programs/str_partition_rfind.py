# str.partition, rpartition, rfind and the character tests isspace, isalnum, isupper, islower
for line in ["alice: 91, 85", "bob 70", "k:v:w", ":lead", "trail:", "", "ünï:cödé:x"]:
    name, sep, rest = line.partition(":")
    head, sep2, tail = line.rpartition(":")
    print(repr(name), repr(sep), repr(rest), "|", repr(head), repr(sep2), repr(tail), line.rfind(":"), line.find(":"))
print("a--b--c".partition("--"), "a--b--c".rpartition("--"), "abc".rfind(""), "abcabc".rfind("bc"))
print([(c, c.isspace(), c.isalnum(), c.isupper(), c.islower()) for c in "aZ 9\t_é"])
print("Hello World".isupper(), "HELLO 1".isupper(), "hello".islower(), "   ".isspace(), "".isspace(), "ab12".isalnum())
try:
    "abc".partition("")
except ValueError as e:
    print("ValueError:", e)
