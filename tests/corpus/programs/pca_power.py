# corpus: pca_power - principal component analysis by power iteration with deflation: center the
#   data, form the covariance matrix, find the top eigenvectors one by one, explained variance,
#   projection and reconstruction error; compared with numpy's eigh.
# model: the PCA-from-scratch tutorials, e.g. TheAlgorithms/Python,
#   machine_learning/principle_component_analysis.py and linear_algebra/src/power_iteration.py
#   (https://github.com/TheAlgorithms/Python, MIT License). Written independently for this corpus;
#   no code copied.
# license: pyscript's (this repository's)
# corpus-tags: numpy
# corpus-compare: tolerant

import numpy as np


def power_iteration(a, iterations=500, tol=1e-12):
    v = np.ones(a.shape[0]) / np.sqrt(a.shape[0])
    lam = 0.0
    for _ in range(iterations):
        w = a @ v
        norm = np.linalg.norm(w)
        if norm == 0:
            break
        v_new = w / norm
        lam_new = v_new @ a @ v_new
        if abs(lam_new - lam) < tol:
            v = v_new
            lam = lam_new
            break
        v = v_new
        lam = lam_new
    if v[np.argmax(np.abs(v))] < 0:
        v = -v
    return lam, v


def pca(x, k):
    mean = x.mean(axis=0)
    centered = x - mean
    cov = centered.T @ centered / (x.shape[0] - 1)
    values = []
    vectors = []
    a = cov
    for _ in range(k):
        lam, v = power_iteration(a)
        values.append(lam)
        vectors.append(v)
        a = a - lam * np.outer(v, v)
    return mean, np.array(values), np.array(vectors), np.trace(cov)


if __name__ == "__main__":
    rng = np.random.default_rng(7)
    latent = rng.normal(size=(500, 2)) * np.array([3.0, 1.0])
    mixing = np.array([[1.0, 0.5, 0.2, 0.0], [0.0, 1.0, -0.4, 0.8]])
    x = latent @ mixing + 0.1 * rng.normal(size=(500, 4)) + np.array([10.0, -5.0, 0.0, 2.0])
    mean, values, vectors, total = pca(x, 3)
    print("mean:", np.round(mean, 3))
    print("eigenvalues:", np.round(values, 4))
    print("explained:", np.round(values / total, 4))
    print("components:\n", np.round(vectors, 4))
    ref_values, ref_vectors = np.linalg.eigh(np.cov(x.T))
    print("matches eigh:", np.allclose(values, ref_values[::-1][:3]))
    projected = (x - mean) @ vectors[:2].T
    reconstructed = projected @ vectors[:2] + mean
    print("reconstruction rmse: %.5f" % np.sqrt(((x - reconstructed) ** 2).mean()))
    print("projected[0:3]:\n", np.round(projected[:3], 4))
