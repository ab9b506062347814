# expect-error: 4:29 closure
fs = []
for i in range(3):
    fs.append(lambda x: x + i)
print([f(1) for f in fs])
