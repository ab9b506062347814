# expect-runtime-error: 4:12|4:14
def middle(xs):
    half = len(xs) // 2
    return xs[half + len(xs)]


def show(rows):
    for r in rows:
        print(r, len(r))
    return rows


data = show([[1, 2, 3], [4]])
data[1].append(5)
print(data)
print(middle(data[0]))
print("not reached")
