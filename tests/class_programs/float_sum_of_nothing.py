x = [1.5, 2.0]
n = 2
for i in range(n - 1, -1, -1):
    s = 10.0 - sum(x[j] * 2.0 for j in range(i + 1, n))
    t = 3.0 * sum(x[i + 1:])
    print(s, t)
