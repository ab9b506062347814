# exact output
# np.concatenate / stack / vstack / hstack of lists built at run time, and np.array of arrays
import numpy as np

centers = np.array([[0.0, 0.0], [3.0, 0.0], [0.0, 3.0]])
parts = [c + np.arange(4.0).reshape(2, 2) for c in centers]
print(np.concatenate(parts), np.concatenate(parts, axis=1).shape, np.concatenate(parts, axis=-1)[0])
print(np.stack(parts).shape, np.stack(parts, axis=2)[1], np.vstack(parts).shape, np.hstack(parts).shape)
rows = []
for i in range(3):
    rows.append(np.arange(i, i + 3))
print(np.vstack(rows), np.hstack(rows), np.stack(rows, axis=1), np.array(rows))
ragged = [np.arange(2), np.arange(3)]
print(np.concatenate(ragged), np.hstack(ragged))
print(np.stack([np.arange(2.0).sum(), np.arange(3.0).sum()]))
a = np.zeros(2)
b = np.ones(2)
print(np.array([a, b]), np.array([a, b + 1, a], dtype=np.int64), np.array([a]).shape)
for bad in [[], [np.zeros(2), np.zeros(3)]]:
    try:
        print(np.stack(bad))
    except ValueError as e:
        print("ValueError:", e)
    try:
        print(np.vstack(bad))
    except ValueError as e:
        print("ValueError:", e)
try:
    print(np.concatenate([x for x in parts if x.sum() > 100]))
except ValueError as e:
    print("ValueError:", e)
