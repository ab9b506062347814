# [[0] * k] * n holds one row n times; a comprehension makes n rows; a tuple or dict holding a
# list sees the list change.
grid = [[0] * 3] * 2
grid[0][1] = 5
print(grid, grid[0] is grid[1])
grid[1].append(9)
print(grid)
rows = [[0] * 3 for _ in range(2)]
rows[0][1] = 5
print(rows, rows[0] is rows[1])
row = ["a"]
table = [row] * 3
row.append("b")
print(table)
table[2].append("c")
print(row, table)
table.append(["z"])
print(table, len(table))
shallow = rows.copy()
shallow[0].append(7)
shallow.append([1])
print(rows, shallow)
t = (row, 1)
row.append("d")
print(t)
t[0].pop(0)
print(row, t, t[0] is row)
box = {"r": row, "s": row}
box["r"].append("e")
print(box, row)
nested = [[1, 2], [3]]
inner = nested[0]
nested[0] = [0]
inner.append(4)
print(nested, inner)
nested[1].extend(nested[1])
print(nested)
matrix = [[i * 3 + j for j in range(3)] for i in range(3)]
flat = [v for r in matrix for v in r if v % 2 == 0]
print(matrix, flat)
matrix[1][1] = -1
print([r[1] for r in matrix], flat)
