"""Files written by numpy (/usr/bin/python3, numpy 1.24) that the programs here load: run in the
program's fresh directory before each run (tests/npyio_programs/run.py), for CPython and pyscript
alike.  Covers every dtype pyscript has, ranks 0-3, Fortran order, big-endian data, format
version 2.0, archives stored and deflated, and archives that Python's zipfile writes with data
descriptors (to a stream it cannot seek) or with a comment."""
import io
import zipfile

import numpy as np

np.save('np_f32.npy', np.arange(6, dtype=np.float32).reshape(2, 3) / 4)
np.save('np_f64.npy', np.array([[[1.5, -0.0], [np.inf, np.nan]], [[1e300, -1e-300], [2.0, 3.0]]]))
np.save('np_i64.npy', np.array([2**62, -2**63, 0, 7], dtype=np.int64))
np.save('np_bool.npy', np.array([[True, False, True], [False, False, True]]))
np.save('np_scalar.npy', np.float64(0.1))
np.save('np_empty.npy', np.zeros((0, 4)))
np.save('np_fortran.npy', np.asfortranarray(np.arange(12.0).reshape(3, 4)))
np.save('np_fortran3.npy', np.asfortranarray(np.arange(24, dtype=np.int64).reshape(2, 3, 4)))
np.save('np_big_endian.npy', np.arange(5, dtype='>f8') * 1.25)
np.save('np_big_endian_int.npy', np.array([1, -2, 2**40], dtype='>i8'))
with open('np_v2.npy', 'wb') as f:
    np.lib.format.write_array(f, np.arange(4, dtype=np.float32), version=(2, 0))
# A header as numpy before 1.23 wrote it (no spare space for growth): padded to 64 bytes only.
header = "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }"
pad = 64 - (10 + len(header) + 1) % 64
with open('np_old_header.npy', 'wb') as f:
    f.write(b'\x93NUMPY\x01\x00' + (len(header) + pad + 1).to_bytes(2, 'little') + header.encode() +
            b' ' * pad + b'\n' + np.array([0.5, 1.5, 2.5]).tobytes())

np.savez('np_weights.npz', w1=np.arange(6, dtype=np.float32).reshape(3, 2), b1=np.zeros(2, dtype=np.float32),
         scale=np.float64(2.0), steps=np.int64(40), mask=np.array([True, False]))
np.savez('np_positional.npz', np.arange(3), np.eye(2), bias=np.ones(2))
np.savez_compressed('np_compressed.npz', x=np.linspace(0, 1, 5), y=np.arange(12).reshape(3, 4) % 3 == 0)


class Unseekable(io.RawIOBase):
    def __init__(self):
        self.buffer = io.BytesIO()

    def writable(self):
        return True

    def write(self, b):
        return self.buffer.write(b)


def npy_bytes(a):
    f = io.BytesIO()
    np.save(f, a)
    return f.getvalue()


stream = Unseekable()
with zipfile.ZipFile(stream, 'w', compression=zipfile.ZIP_DEFLATED) as z:
    z.writestr('a.npy', npy_bytes(np.arange(5, dtype=np.int64)))
    with z.open('b.npy', 'w') as member:
        member.write(npy_bytes(np.full((2, 2), 7.0)))
with open('zip_descriptors.npz', 'wb') as f:
    f.write(stream.buffer.getvalue())
with zipfile.ZipFile('zip_comment.npz', 'w') as z:
    z.comment = b'written by zipfile, not numpy'
    z.writestr('v.npy', npy_bytes(np.array([3.0, 4.0])))
# What pyscript cannot type: a dtype it lacks, and a file numpy would unpickle.
np.save('np_i32.npy', np.arange(3, dtype=np.int32))
with open('not_numpy.npy', 'w') as f:
    f.write('hello\n')
