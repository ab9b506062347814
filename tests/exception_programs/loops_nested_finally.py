# finally blocks inside loops inside finally blocks; break and continue leave through each.
log = []
for i in range(4):
    try:
        for j in range(3):
            try:
                if j == 1 and i % 2 == 0:
                    continue
                if j == 2 and i == 3:
                    break
                log.append(f"{i}{j}")
            finally:
                log.append(f"inner{i}{j}")
        if i == 2:
            raise ValueError(i)
    except ValueError as e:
        log.append("caught" + str(e))
    finally:
        log.append(f"outer{i}")
print(log)


def find_pair(rows, want):
    for r, row in enumerate(rows):
        try:
            for c, v in enumerate(row):
                try:
                    if v == want:
                        return (r, c)
                finally:
                    print("cell", r, c)
        finally:
            print("row", r)
    return (-1, -1)


print(find_pair([[1, 2], [3, 4]], 3))
print(find_pair([[1]], 9))
