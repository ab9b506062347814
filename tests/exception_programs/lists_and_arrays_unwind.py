# Exceptions leaving loops and functions that own lists, dicts, str and arrays (checked under ASan).
import numpy as np


def build(n, fail_at):
    rows = []
    table = {}
    for i in range(n):
        row = [i] * (i + 1)
        name = "row" + str(i)
        a = np.arange(float(i + 1)) * 2.0
        if i == fail_at:
            raise IndexError(f"{name} of {len(rows)}: {float(a.sum())}")
        rows.append(row)
        table[name] = len(row)
    return rows, table


for fail_at in [2, -1, 0, 4]:
    try:
        rows, table = build(4, fail_at)
        print(len(rows), table)
    except IndexError as e:
        print("failed:", e)


def chain(depth, acc):
    acc = acc + [depth]
    text = ",".join(str(x) for x in acc)
    if depth == 0:
        return int(text.split(",")[0] + "x")
    return chain(depth - 1, acc)


try:
    chain(5, [9])
except ValueError as e:
    print("deep:", e)
