def f(n):
    w = 0
    while True:
        w = w + 1
        if w > n:
            break
        continue
    k = 0
    i = 0
    while i < 10:
        i = i + 1
        if i % 2 == 0:
            continue
        k = k + i
    return w, k


print(f(11))
