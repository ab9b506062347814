# Writes the MLP's weights and input (as examples/mlp.py makes them) into a folder, as .npy files
# (read by the C host) and as one compressed .npz (read by the C++ host).
# Usage: python3 export_weights.py OUTDIR
import os
import sys

import numpy as np


def weights(rows, cols, phase):
    return np.sin(np.arange(rows * cols) * 0.37 + phase).astype(np.float32).reshape(rows, cols) * 0.05


out = sys.argv[1]
os.makedirs(out, exist_ok=True)
np.save(os.path.join(out, "w1.npy"), weights(512, 256, 0.1))
np.save(os.path.join(out, "b1.npy"), np.zeros(256, dtype=np.float32))
np.save(os.path.join(out, "w2.npy"), weights(256, 128, 0.2))
np.save(os.path.join(out, "b2.npy"), np.full(128, 0.01, dtype=np.float32))
np.save(os.path.join(out, "w3.npy"), weights(128, 2, 0.3))
np.save(os.path.join(out, "b3.npy"), np.zeros(2, dtype=np.float32))
np.save(os.path.join(out, "x.npy"), np.cos(np.arange(512) * 0.11).astype(np.float32).reshape(1, 512))
np.savez_compressed(os.path.join(out, "weights.npz"), **{name: np.load(os.path.join(out, name + ".npy"))
                                                         for name in ("w1", "b1", "w2", "b2", "w3", "b3", "x")})
