# A lambda written as key= of max/sorted captures the loop variable safely: it runs within the call.
def solve(m, n):
    out = []
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        order = sorted(range(n), key=lambda r: -m[r][col])
        out.append((pivot, order))
    return out


print(solve([[1.0, -5.0, 2.0], [3.0, 1.0, -7.0], [-2.0, 4.0, 1.0]], 3))
