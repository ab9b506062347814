# expect-runtime-error: 9:1|9:13
def bump(d, k):
    d[k] = d.get(k, 0) + 1
    return len(d)


stock = {"apple": 3, "pear": 1}
print(bump(stock, "apple"), stock)
for name in stock:
    print(name, stock[name])
    stock[name + "s"] = 0
print("not reached")
