# exact output
# f-strings with arrays and numpy scalars: {a} is str(a) (print's layout), {a!r} numpy's repr, a
# numpy scalar with a spec is formatted as the Python number (float32 widened exactly).
import numpy as np

w = np.linspace(-1.0, 1.0, 6).reshape(2, 3)
v = np.arange(3, dtype=np.float32) / 3
for step in range(3):
    loss = (w * w).mean() / (step + 1)
    print(f"step {step:02d} loss {loss:.6f} max {w.max():+.3e} argmax {w.argmax()} sum {v.sum():.10f}")
print(f"w =\n{w}\nw!r = {w!r}\nv = {v} {v!r}")
print(f"{v.sum()} {v.mean()} {v.mean()!s} {(v > 0).sum()} {(v > 0)[1]} {w.shape} {w.ndim} {w.dtype}")
