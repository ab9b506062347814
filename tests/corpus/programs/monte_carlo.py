# corpus: monte_carlo - Monte Carlo estimates with numpy's Generator: pi from points in the unit
#   square, the mean distance between two random points, a 1-D random walk's final positions and
#   European call option pricing under geometric Brownian motion, with standard errors.
# model: the Monte Carlo examples of scientific-Python lecture notes, e.g. QuantEcon
#   lecture-python-programming, "NumPy" and "Monte Carlo" sections
#   (https://github.com/QuantEcon/lecture-python-programming.myst, CC BY-SA 4.0). Written
#   independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: numpy
# corpus-compare: tolerant

import math

import numpy as np

rng = np.random.default_rng(12345)

n = 200_000
pts = rng.random((n, 2))
inside = (pts ** 2).sum(axis=1) <= 1.0
pi_hat = 4 * inside.mean()
pi_se = 4 * inside.std() / math.sqrt(n)
print(f"pi ~ {pi_hat:.5f} +- {pi_se:.5f} (error {abs(pi_hat - math.pi):.5f})")

a = rng.random((n, 2))
b = rng.random((n, 2))
dist = np.sqrt(((a - b) ** 2).sum(axis=1))
print(f"mean distance in the unit square ~ {dist.mean():.5f} (exact 0.52141)")

steps = rng.integers(0, 2, size=(2000, 100)) * 2 - 1
final = steps.sum(axis=1)
print("random walk: mean", final.mean(), "var", round(final.var(), 3),
      "max", final.max(), "share >= 20:", np.mean(np.abs(final) >= 20))

S0, K, r, sigma, T = 100.0, 105.0, 0.03, 0.2, 1.0
z = rng.standard_normal(n)
ST = S0 * np.exp((r - 0.5 * sigma ** 2) * T + sigma * math.sqrt(T) * z)
payoff = np.maximum(ST - K, 0.0)
price = math.exp(-r * T) * payoff.mean()
se = math.exp(-r * T) * payoff.std() / math.sqrt(n)


def norm_cdf(x):
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


d1 = (math.log(S0 / K) + (r + 0.5 * sigma ** 2) * T) / (sigma * math.sqrt(T))
d2 = d1 - sigma * math.sqrt(T)
bs = S0 * norm_cdf(d1) - K * math.exp(-r * T) * norm_cdf(d2)
print(f"call price ~ {price:.4f} +- {se:.4f}; Black-Scholes {bs:.4f}")
