# A branch on data stays a branch: right for positive and negative inputs alike,
# where a tracer would bake in the branch its example input took.
def risky_function(x):
    if x > 0:
        return x * 2
    else:
        return x - 1


print(risky_function(5), risky_function(-5))
