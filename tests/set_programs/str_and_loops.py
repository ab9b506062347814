# str.splitlines, enumerate(start=), str.rfind/find bounds, int(s, base), sum of lists.
text = "id,name\r\n1,ant\n2,bee\r3,cat\n"
for number, line in enumerate(text.splitlines()[1:], start=2):
    fields = line.split(",")
    print(number, int(fields[0], 16) + 9, fields[1].rfind("a", 0, 2), fields[1].find("t", -2))
print(sum([[1], [2, 3], []], []), sorted(set("".join(text.splitlines()))))
print([n * i for i, n in enumerate([4, 5, 6], start=-1)], int("0b1010", 0), int("-7f", 16))
letters = set("banana")
print(len("-".join(letters)), sorted("-".join(letters).split("-")))
acc = [0]
acc.extend({30, 10, 20, 9})
print(acc)
