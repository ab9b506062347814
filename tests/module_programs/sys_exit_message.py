# sys.exit with a status of 0 ends the program quietly, after what it printed
import sys


def stop(code):
    print("stopping", code)
    sys.exit(code)


for i in range(5):
    if i == 2:
        stop(None)
    print(i)
