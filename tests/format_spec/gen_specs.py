import random, sys
r = random.Random(int(sys.argv[1]))
chars = "<>^=+- z#0123456789,_.%eEfFgGdxXobn s*"
for _ in range(20000):
    kind = r.choice("iif")
    spec = "".join(r.choice(chars) for _ in range(r.randint(0, 6)))
    if kind == "i":
        v = r.choice([0, 1, -1, r.randint(-10**6, 10**6), r.randint(-2**63, 2**63 - 1)])
    else:
        v = r.choice([0.0, -0.0, r.uniform(-1e6, 1e6), r.uniform(-1, 1) * 10 ** r.randint(-30, 30), 0.5, 2.5, 1e22])
    if "c" in spec: continue
    print(f"{kind}\t{v!r}\t{spec}")
