# sys: maxsize, argv, stdout.write beside print
import sys

print(sys.maxsize, sys.maxsize + -sys.maxsize)
print(len(sys.argv), sys.argv[1:])
n = sys.stdout.write("no newline ")
print("then print", n)
print("a", end="")
sys.stdout.write("b\n")
print(sys.stdout.write(""), sys.stdout.write("héllo\n"))


def shout(s):
    return sys.stdout.write(s.upper() + "\n")


print(shout("x") + shout("yz"))
sys.setrecursionlimit(3000)


def depth(k):
    if k == 0:
        return 0
    return 1 + depth(k - 1)


print(depth(2500))
sys.exit(0)
print("not reached")
