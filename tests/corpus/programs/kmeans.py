# corpus: kmeans - k-means clustering with numpy: k-means++ seeding, assignment by the argmin of
#   squared distances (broadcasting), centroid update by masked means, convergence test, inertia;
#   run on three seeded Gaussian clusters with several k.
# model: TheAlgorithms/Python, machine_learning/k_means_clust.py
#   (https://github.com/TheAlgorithms/Python, MIT License). Written independently for this corpus;
#   no code copied. Adapted: synthetic data, no plotting.
# license: pyscript's (this repository's)
# corpus-tags: numpy, lambda
# corpus-compare: tolerant

import numpy as np


def pairwise_sq_dists(points, centers):
    return ((points[:, None, :] - centers[None, :, :]) ** 2).sum(axis=2)


def kmeans_pp(points, k, rng):
    centers = [points[rng.integers(len(points))]]
    for _ in range(1, k):
        d2 = pairwise_sq_dists(points, np.array(centers)).min(axis=1)
        probs = d2 / d2.sum()
        cumulative = np.cumsum(probs)
        r = rng.random()
        centers.append(points[np.searchsorted(cumulative, r)])
    return np.array(centers)


def kmeans(points, k, rng, max_iter=100, tol=1e-8):
    centers = kmeans_pp(points, k, rng)
    labels = np.zeros(len(points), dtype=int)
    for it in range(max_iter):
        labels = pairwise_sq_dists(points, centers).argmin(axis=1)
        new_centers = np.array([points[labels == j].mean(axis=0) if np.any(labels == j) else centers[j]
                                for j in range(k)])
        shift = np.abs(new_centers - centers).max()
        centers = new_centers
        if shift < tol:
            break
    inertia = pairwise_sq_dists(points, centers).min(axis=1).sum()
    return centers, labels, inertia, it + 1


def make_data(rng):
    means = np.array([[0.0, 0.0], [5.0, 5.0], [0.0, 6.0]])
    parts = [rng.normal(m, 0.8, size=(100, 2)) for m in means]
    return np.vstack(parts)


if __name__ == "__main__":
    rng = np.random.default_rng(2024)
    data = make_data(rng)
    print("data:", data.shape, np.round(data.mean(axis=0), 4))
    for k in (1, 2, 3, 4):
        centers, labels, inertia, iters = kmeans(data, k, np.random.default_rng(k))
        order = sorted(range(k), key=lambda j: (round(centers[j, 0], 1), round(centers[j, 1], 1)))
        print(f"k={k} iterations={iters} inertia={inertia:.3f}")
        for j in order:
            print("   center", np.round(centers[j], 3), "size", int(np.sum(labels == j)))
