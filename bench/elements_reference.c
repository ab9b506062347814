/* The loops of bench/elements.py in C, the same operations in the same order (no bounds checks):
 * built with gcc -O2 by bench/run_elements.py and called through ctypes. */
double c_dot(const double* a, const double* b, long n) {
  double s = 0.0;
  for (long i = 0; i < n; ++i) s = s + a[i] * b[i];
  return s;
}

double c_stencil(const double* g, long n, long m) {
  double t = 0.0;
  for (long i = 1; i < n - 1; ++i)
    for (long j = 1; j < m - 1; ++j)
      t = t + ((((g[(i - 1) * m + j] + g[(i + 1) * m + j]) + g[i * m + j - 1]) + g[i * m + j + 1]) -
               4.0 * g[i * m + j]);
  return t;
}
