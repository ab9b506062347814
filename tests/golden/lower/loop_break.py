def first_square_over(limit):
    i = 0
    while True:
        i = i + 1
        if i * i > limit:
            break
    return i


def odd_sum(n):
    s = 0
    for i in range(n):
        if i % 2 == 0:
            continue
        s = s + i
    return s


def run(limit, n):
    print(first_square_over(limit), odd_sum(n))


run(50, 10)
