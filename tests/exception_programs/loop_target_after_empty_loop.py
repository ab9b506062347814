# expect-runtime-error: 8:19
def run(n):
    total = 0
    for it in range(n):
        total = total + it
        if total > 100:
            break
    return total, it + 1


def safe(n):
    try:
        return str(run(n))
    except UnboundLocalError as e:
        return "UnboundLocalError: " + str(e)


print(run(5), run(100), safe(0), safe(3))
print(run(0))
