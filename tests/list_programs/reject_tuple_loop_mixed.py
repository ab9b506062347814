# expect-error: 3:10 several types
# an int, then a float: unrolled without a break (Note [Loops over tuples of several types]), not with one
for x in (1, 2.5):
    if x > 2:
        break
    print(x)
