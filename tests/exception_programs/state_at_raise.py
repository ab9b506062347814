# The handler sees the variables as they were when the exception was raised.
def run(k):
    a = 0
    b = "b0"
    xs = [0]
    try:
        a = 1
        b = "b1"
        xs.append(1)
        if k == 1:
            raise ValueError("one")
        a = 2
        xs = [2, 2]
        if k == 2:
            raise ValueError("two")
        b = "b3"
        for i in range(5):
            a = a + 10
            if k == 3 and i == 2:
                raise ValueError("three")
            b = b + str(i)
        a = a * 2
    except ValueError as e:
        print("handler", e, a, b, xs)
    print("after", k, a, b, xs)


for k in range(4):
    run(k)

count = 0
items = []
try:
    for i in range(10):
        count = count + 1
        items.append(i * i)
        if i == 4:
            print(items[10])
except IndexError:
    print("count", count, "items", items)

total = 0.0
n = 0
while True:
    try:
        n = n + 1
        total = total + 1.0 / (3 - n)
    except ZeroDivisionError:
        print("stopped at", n, total)
        break
