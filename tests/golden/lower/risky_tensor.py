# A branch on data stays a branch: `if x.sum() > 0` is an If in the graph, right for every input,
# where a tracer would bake in the branch its example input took.
import numpy as np


def risky_function(x):
    if x.sum() > 0:
        return x * 2
    else:
        return x - 1


print(risky_function(np.array([1.0, 2.0, 3.0])))
print(risky_function(np.array([-1.0, -2.0, 0.5])))
