# corpus: heat_equation - the 1-D heat equation u_t = alpha u_xx by the explicit finite-difference
#   (FTCS) scheme with fixed boundary values, updating the interior of the array in place with
#   slices; compared with the exact solution for a sine initial condition, then a 2-D plate.
# model: Lorena Barba's "12 steps to Navier-Stokes" (CFD Python), lessons/04_Step_3.ipynb and
#   09_Step_7.ipynb (https://github.com/barbagroup/CFDPython, code BSD-3-Clause, text CC-BY).
#   Written independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: numpy, inplace-array
# corpus-compare: tolerant

import numpy as np

nx = 51
L = 1.0
dx = L / (nx - 1)
alpha = 0.01
sigma = 0.4
dt = sigma * dx ** 2 / alpha
nt = 500

x = np.linspace(0, L, nx)
u = np.sin(np.pi * x)
u[0] = 0.0
u[-1] = 0.0

for n in range(nt):
    un = u.copy()
    u[1:-1] = un[1:-1] + alpha * dt / dx ** 2 * (un[2:] - 2 * un[1:-1] + un[:-2])

t = nt * dt
exact = np.sin(np.pi * x) * np.exp(-alpha * np.pi ** 2 * t)
print("t = %.4f" % t)
print("max error vs exact: %.3e" % np.max(np.abs(u - exact)))
print("u at x = 0.25, 0.5, 0.75:", np.round(u[[12, 25, 37]], 6))

# 2-D: a hot square in a cold plate
n2 = 31
d = 2.0 / (n2 - 1)
nu = 0.05
dt2 = 0.2 * d * d / nu
plate = np.ones((n2, n2))
plate[int(0.5 / d):int(1 / d + 1), int(0.5 / d):int(1 / d + 1)] = 2.0
for n in range(100):
    p = plate.copy()
    plate[1:-1, 1:-1] = (p[1:-1, 1:-1] +
                         nu * dt2 / d ** 2 * (p[2:, 1:-1] - 2 * p[1:-1, 1:-1] + p[:-2, 1:-1]) +
                         nu * dt2 / d ** 2 * (p[1:-1, 2:] - 2 * p[1:-1, 1:-1] + p[1:-1, :-2]))
    plate[0, :] = 1
    plate[-1, :] = 1
    plate[:, 0] = 1
    plate[:, -1] = 1
print("plate: max %.6f mean %.6f" % (plate.max(), plate.mean()))
print(np.round(plate[7:14:2, 7:14:2], 4))
