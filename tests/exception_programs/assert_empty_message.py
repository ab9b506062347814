# assert c, "" carries an empty message (AssertionError('')); assert c carries none (AssertionError()).
def check(x):
    assert x > 0, ''


def check2(x):
    assert x > 0


def check3(x):
    assert x > 0, 'bad'


try:
    check(-1)
except AssertionError as e:
    print(repr(e), "[" + str(e) + "]")
try:
    check2(-1)
except AssertionError as e:
    print(repr(e), "[" + str(e) + "]")
try:
    check3(-1)
except AssertionError as e:
    print(repr(e), "[" + str(e) + "]")
