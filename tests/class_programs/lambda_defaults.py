fs = []
for i in range(3):
    fs.append(lambda x, i=i: x + i)
print([f(1) for f in fs])
