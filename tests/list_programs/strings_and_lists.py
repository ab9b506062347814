# str and lists together: split/join round trips, ord/chr, f-strings and % of lists, sort keys.
def key(w):
    return (len(w), w)


text = " the quick, brown fox ,jumps "
words = [w.strip() for w in text.split(",")]
print(words, "|".join(words), text.strip().split())
letters = [ch for ch in "hello" if ch != "l"]
print(letters, "".join(letters), "".join(sorted("hello")), "-".join(reversed(letters)))
codes = [ord(c) for c in "AZaz"]
print(codes, "".join(chr(c + 1) for c in codes), [c & 0x1F for c in codes])
names = ["bob", "Al", "carol", "al", "Bo"]
names.sort(key=key)
print(names, sorted(names, key=key, reverse=True), sorted(names), max(names), min(names))
stable = sorted(["bb", "a", "cc", "b", "aa"], key=len)
print(stable, sorted(["bb", "a", "cc", "b", "aa"], key=len, reverse=True))
table = {w: len(w) for w in names}
print(table, [f"{k:>6}={v:02d}" for k, v in table.items()])
print("%s has %d items: %r" % ("names", len(names), names), f"{names!r:.12}", f"{len(names)=}")
line = ""
for i, w in enumerate(names):
    line = line + f"{i}:{w.upper()} "
print(line.rstrip(), line.count("O"), line.find("CAROL"), line.replace(" ", "_"))
csv = "1,2,,4"
fields = csv.split(",")
nums = [int(f) for f in fields if f.isdigit()]
print(fields, nums, sum(nums), [f == "" for f in fields], "2" in fields, "3" not in fields)
print([s[::-1] for s in words if s], words[0][1:4], words[-1][-3:], words[1][::2])
bits = [n >> 1 ^ 0b101 for n in nums] + [~n & 0xFF for n in nums] + [1 << n for n in nums]
print(bits, 0x1F, 0b1010, 0o17, 1_000)
