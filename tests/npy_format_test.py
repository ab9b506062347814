#!/usr/bin/python3
"""support/npy_format (CRC-32, the zip writer and reader, .npy headers) against Python's zipfile,
binascii.crc32 and numpy 1.24, through tests/npy_format_tool.cpp.

usage: npy_format_test.py NPY_FORMAT_TOOL
"""
import binascii
import io
import os
import random
import subprocess
import sys
import tempfile
import zipfile

import numpy as np

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def tool(*args):
    return subprocess.run([TOOL, *args], capture_output=True, check=True).stdout


def numpy_zip(path, members, compress):
    """An archive as numpy's _savez writes one through zipfile."""
    with zipfile.ZipFile(path, mode='w', compression=zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED,
                         allowZip64=True) as z:
        for name, data in members:
            with z.open(name, 'w', force_zip64=True) as f:
                f.write(data[:len(data) // 2])
                f.write(data[len(data) // 2:])


def main():
    rng = random.Random(20261123)
    with tempfile.TemporaryDirectory() as tmp:
        def path(name):
            return os.path.join(tmp, name)

        # CRC-32 of assorted lengths and contents.
        for n in [0, 1, 2, 3, 7, 64, 1000, 65537, 1 << 20]:
            data = bytes(rng.getrandbits(8) for _ in range(min(n, 4096))) * (n // 4096 + 1)
            data = data[:n]
            with open(path('crc'), 'wb') as f:
                f.write(data)
            got = tool('crc', path('crc')).decode().strip()
            check(got == '%08x' % binascii.crc32(data), f'crc32 of {n} bytes: {got}, binascii: {binascii.crc32(data):08x}')

        # Archives: the same bytes as numpy's zipfile, readable by zipfile, with the CRCs right.
        members = []
        for i, n in enumerate([0, 1, 200, 70000, 300000]):
            data = bytes(rng.getrandbits(8) for _ in range(min(n, 5000))) * (n // 5000 + 1)
            data = data[:n] if i % 2 else (b'\x93NUMPY' + bytes(n))[:n]
            name = f'm{i}.npy' if i != 3 else 'caf\u00e9.npy'
            with open(path(f'in{i}'), 'wb') as f:
                f.write(data)
            members.append((name, data, path(f'in{i}')))
        for compress in (False, True):
            ours, theirs = path('ours.npz'), path('theirs.npz')
            tool('zip', ours, 'deflate' if compress else 'store', *[f'{n}={p}' for n, _, p in members])
            numpy_zip(theirs, [(n, d) for n, d, _ in members], compress)
            kind = 'deflated' if compress else 'stored'
            with zipfile.ZipFile(ours) as z:
                check(z.testzip() is None, f'{kind}: zipfile finds a bad CRC')
                check(z.namelist() == [n for n, _, _ in members], f'{kind}: names {z.namelist()}')
                for n, d, _ in members:
                    check(z.read(n) == d, f'{kind}: member {n} differs')
            with open(ours, 'rb') as a, open(theirs, 'rb') as b:
                check(a.read() == b.read(), f'{kind}: bytes differ from zipfile\'s (numpy\'s settings)')
            # Our reader on zipfile's archive.
            for n, d, _ in members:
                check(tool('read', theirs, n) == d, f'{kind}: reading {n} of zipfile\'s archive')
            listed = tool('list', theirs).decode().splitlines()
            check(len(listed) == len(members), f'{kind}: {len(listed)} members listed')

        # More than 65535 members: zip64 end records, as zipfile writes them.
        many = [(f'a{i}.npy', bytes([i % 251]) * (i % 3)) for i in range(66000)]
        for i, (n, d) in enumerate(many[:3]):
            with open(path(f'small{i}'), 'wb') as f:
                f.write(d)
        # The tool takes NAME=FILE arguments; 66000 of them share three files.
        args = [f'{n}={path("small%d" % (i % 3))}' for i, (n, _) in enumerate(many)]
        many = [(n, many[i % 3][1]) for i, (n, _) in enumerate(many)]
        ours, theirs = path('many_ours.npz'), path('many_theirs.npz')
        subprocess.run([TOOL, 'zip', ours, 'store', '-'], input='\n'.join(args).encode(), check=True)
        numpy_zip(theirs, many, False)
        with open(ours, 'rb') as a, open(theirs, 'rb') as b:
            check(a.read() == b.read(), '66000 members: bytes differ from zipfile\'s')
        with zipfile.ZipFile(ours) as z:
            check(len(z.namelist()) == 66000 and z.testzip() is None, '66000 members: zipfile reads them')
        check(tool('read', ours, 'a65999') == many[65999][1], '66000 members: reading the last')

        # Headers: numpy's bytes for every dtype and a range of shapes, C and Fortran order.
        for dtype, descr in [('float32', '<f4'), ('float64', '<f8'), ('int64', '<i8'), ('bool', '|b1')]:
            for shape in [(), (0,), (1,), (3,), (2, 3), (10**15,), (7, 0, 3), (1,) * 8, (2, 3, 4, 5, 6, 7, 8, 9),
                          (123456789012, 5), (5, 12345678901234)]:
                for order in 'CF':
                    f = io.BytesIO()
                    d = {'descr': descr, 'fortran_order': order == 'F', 'shape': shape}
                    np.lib.format._write_array_header(f, d, None)
                    got = tool('header', dtype, order, *map(str, shape))
                    check(got == f.getvalue(), f'header {dtype} {order} {shape}: {got!r} != {f.getvalue()!r}')
        # Damaged files: the reader reports them (exit 1) and never crashes, whatever the bytes.
        originals = []
        for name, a in [('a.npy', np.arange(6.0).reshape(2, 3)), ('b.npy', np.asfortranarray(np.eye(3)))]:
            np.save(path(name), a)
            originals.append(('npy', path(name)))
        np.savez(path('c.npz'), x=np.arange(4), y=np.ones(2))
        np.savez_compressed(path('d.npz'), x=np.arange(40))
        originals += [('read', path('c.npz')), ('read', path('d.npz'))]
        for k in range(400):
            kind, original = originals[k % len(originals)]
            data = bytearray(open(original, 'rb').read())
            for _ in range(rng.randint(1, 4)):
                at = rng.randrange(len(data))
                what = rng.randrange(3)
                if what == 0:
                    data[at] = rng.getrandbits(8)
                elif what == 1:
                    del data[at:at + rng.randint(1, 40)]
                else:
                    data[at:at] = bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 8)))
            with open(path('damaged'), 'wb') as f:
                f.write(data)
            args = [kind, path('damaged')] + (['x'] if kind == 'read' else [])
            p = subprocess.run([TOOL, *args], capture_output=True)
            check(p.returncode in (0, 1) and b'Sanitizer' not in p.stderr,
                  f'damaged {os.path.basename(original)} (mutant {k}): exit {p.returncode} {p.stderr[-300:]!r}')
    for f in failures:
        print('FAIL', f)
    print(f'{len(failures)} failures')
    return 1 if failures else 0


if __name__ == '__main__':
    TOOL = sys.argv[1]
    sys.exit(main())
