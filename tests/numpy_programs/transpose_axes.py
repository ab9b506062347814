# a.transpose(axes) permutes the axes as given (it reversed them all before, whatever the axes).
import numpy as np
v = np.arange(24).reshape(2, 3, 4)
print(v.transpose(2, 0, 1).shape, v.transpose((1, 2, 0)).shape, np.transpose(v, (0, 2, 1)).shape, v.transpose().shape)
print(v.transpose(2, 0, 1).sum(axis=0), v.transpose(-1, 0, 1)[1], np.transpose(v, (1, 0, 2))[2, 1])
m = np.arange(6.0).reshape(2, 3)
print(m.transpose(1, 0), m.transpose(0, 1), np.transpose(m))
print((v.transpose(1, 2, 0) * 2.0 + 1.0)[0], v.transpose(2, 1, 0).reshape(4, 6).sum(axis=1))
