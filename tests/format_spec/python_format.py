import sys
for line in sys.stdin:
    kind, value, spec = line.rstrip("\n").split("\t")
    v = int(value) if kind == "i" else float(value) if kind == "f" else value
    try:
        print("[" + format(v, spec) + "]")
    except (ValueError, TypeError, OverflowError) as e:
        print("ERR " + str(e))
