# expect-error: 7:12 undefined
def loop1(n):
    for i in range(1):
        if i == 0:
            continue
        last = n + i
    return last


print(loop1(0))
