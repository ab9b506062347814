# expect-error: 3:10 several types
# the loop variable would be an int, then a float: one static type cannot hold both
for x in (1, 2.5):
    print(x)
