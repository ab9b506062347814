# Loops that change tiers while they run (Note [Loops change tiers]): PYSCRIPT_TIERS=osr enters
# tier 1 at every loop's first header; each loop carries ints and strs (containers.py: lists, dicts, objects).
def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps = steps + 1
    return steps



print(collatz_steps(27), collatz_steps(97), [collatz_steps(k) for k in range(1, 12)])
acc = 0
k = 0
text = ""
while k < 3000:
    acc = acc + k * k % 11
    if k % 500 == 0:
        text = text + str(k) + ","
    k = k + 1
print(acc, text)
