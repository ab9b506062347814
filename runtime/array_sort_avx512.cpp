// numpy 1.24's AVX-512 quicksort of float32 (numpy/core/src/npysort/x86-qsort.dispatch.cpp), which
// np.sort uses on CPUs with AVX512_SKX, replayed lane by lane in scalar code so that its results
// come out bit for bit (Note [numpy's AVX-512 float32 sort]).
#include "runtime/array_sort_avx512.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

// Note [numpy's AVX-512 float32 sort]
// Sorted values are unique but for the signs of zeros, and this sort decides those its own way:
// the vector min/max instructions return their second operand when the two compare equal, so a
// compare-exchange of -0.0 and 0.0 may leave both lanes 0.0 (or both -0.0), and the count of
// negative zeros changes. Replaying its steps exactly is the only way to print numpy's zeros:
//  - nan becomes +inf first, and the last nan-count elements become nan at the end;
//  - up to 128 elements: bitonic networks over 16-lane registers, lanes past the end padded
//    with +inf (sort_16 ... sort_128);
//  - above: a pivot from 72 elements drawn by a vectorized xoroshiro128+ seeded by the bounds
//    (the 5th lane of the middle vector of a 9-vector median network), a partition that
//    compress-stores 16 elements at a time from both ends, recursion while the pivot is not the
//    smallest/largest element, and numpy's heapsort after 2*log2(n) levels.
// Each step below names the intrinsic it stands for; min(a, b) is `a < b ? a : b`, as MINPS.
namespace pyscript::runtime {
namespace {

constexpr int kLanes = 16;
using Zmm = std::array<float, kLanes>;
using Ymm = std::array<float, 8>;
constexpr float kInf = std::numeric_limits<float>::infinity();

float vmin(float a, float b) {
  return a < b ? a : b;
} // _mm512_min_ps: b on ties (-0.0/0.0)
float vmax(float a, float b) {
  return a > b ? a : b;
} // _mm512_max_ps: b on ties

template <class V> V lanes_min(const V& a, const V& b) {
  V r;
  for (size_t i = 0; i < a.size(); ++i)
    r[i] = vmin(a[i], b[i]);
  return r;
}

template <class V> V lanes_max(const V& a, const V& b) {
  V r;
  for (size_t i = 0; i < a.size(); ++i)
    r[i] = vmax(a[i], b[i]);
  return r;
}

// _mm512_shuffle_ps(z, z, SHUFFLE_MASK(a, b, c, d)): within each group of 4 lanes.
Zmm shuffle(const Zmm& z, int a, int b, int c, int d) {
  int pick[4] = {d, c, b, a};
  Zmm r;
  for (int g = 0; g < kLanes; g += 4)
    for (int k = 0; k < 4; ++k)
      r[size_t(g + k)] = z[size_t(g + pick[k])];
  return r;
}

// _mm512_permutexvar_ps(_mm512_set_epi32(list...), z): set_epi32 names the highest lane first.
Zmm permute(const Zmm& z, const std::array<int, kLanes>& list) {
  Zmm r;
  for (int i = 0; i < kLanes; ++i)
    r[size_t(i)] = z[size_t(list[size_t(kLanes - 1 - i)])];
  return r;
}

constexpr std::array<int, kLanes> kNetwork3 = {8, 9, 10, 11, 12, 13, 14, 15,
                                               0, 1, 2,  3,  4,  5,  6,  7};
constexpr std::array<int, kLanes> kNetwork5 = {0, 1, 2,  3,  4,  5,  6,  7,
                                               8, 9, 10, 11, 12, 13, 14, 15};
constexpr std::array<int, kLanes> kNetwork6 = {11, 10, 9, 8, 15, 14, 13, 12,
                                               3,  2,  1, 0, 7,  6,  5,  4};
constexpr std::array<int, kLanes> kNetwork7 = {7,  6,  5,  4,  3,  2,  1, 0,
                                               15, 14, 13, 12, 11, 10, 9, 8};

// cmp_merge: min(in2, in1) where the mask bit is 0, max(in2, in1) where it is 1.
Zmm cmp_merge(const Zmm& in1, const Zmm& in2, uint32_t mask) {
  Zmm r;
  for (int i = 0; i < kLanes; ++i)
    r[size_t(i)] = (mask >> i) & 1 ? vmax(in2[size_t(i)], in1[size_t(i)])
                                   : vmin(in2[size_t(i)], in1[size_t(i)]);
  return r;
}

template <class V> void coex(V& a, V& b) {
  V t = a;
  a = lanes_min(a, b);
  b = lanes_max(t, b);
}

Zmm sort_zmm(Zmm z) {
  z = cmp_merge(z, shuffle(z, 2, 3, 0, 1), 0xAAAA);
  z = cmp_merge(z, shuffle(z, 0, 1, 2, 3), 0xCCCC);
  z = cmp_merge(z, shuffle(z, 2, 3, 0, 1), 0xAAAA);
  z = cmp_merge(z, permute(z, kNetwork3), 0xF0F0);
  z = cmp_merge(z, shuffle(z, 1, 0, 3, 2), 0xCCCC);
  z = cmp_merge(z, shuffle(z, 2, 3, 0, 1), 0xAAAA);
  z = cmp_merge(z, permute(z, kNetwork5), 0xFF00);
  z = cmp_merge(z, permute(z, kNetwork6), 0xF0F0);
  z = cmp_merge(z, shuffle(z, 1, 0, 3, 2), 0xCCCC);
  z = cmp_merge(z, shuffle(z, 2, 3, 0, 1), 0xAAAA);
  return z;
}

Zmm bitonic_merge_zmm(Zmm z) {
  z = cmp_merge(z, permute(z, kNetwork7), 0xFF00);
  z = cmp_merge(z, permute(z, kNetwork6), 0xF0F0);
  z = cmp_merge(z, shuffle(z, 1, 0, 3, 2), 0xCCCC);
  z = cmp_merge(z, shuffle(z, 2, 3, 0, 1), 0xAAAA);
  return z;
}

void bitonic_merge_two(Zmm& z1, Zmm& z2) {
  z2 = permute(z2, kNetwork5);
  Zmm z3 = lanes_min(z1, z2), z4 = lanes_max(z1, z2);
  z1 = bitonic_merge_zmm(z3);
  z2 = bitonic_merge_zmm(z4);
}

void bitonic_merge_four(Zmm* z) {
  Zmm z2r = permute(z[2], kNetwork5), z3r = permute(z[3], kNetwork5);
  Zmm t1 = lanes_min(z[0], z3r), t2 = lanes_min(z[1], z2r);
  Zmm t3 = permute(lanes_max(z[1], z2r), kNetwork5), t4 = permute(lanes_max(z[0], z3r), kNetwork5);
  Zmm z0 = lanes_min(t1, t2), z1 = lanes_max(t1, t2), zz2 = lanes_min(t3, t4),
      zz3 = lanes_max(t3, t4);
  z[0] = bitonic_merge_zmm(z0);
  z[1] = bitonic_merge_zmm(z1);
  z[2] = bitonic_merge_zmm(zz2);
  z[3] = bitonic_merge_zmm(zz3);
}

void bitonic_merge_eight(Zmm* z) {
  Zmm r4 = permute(z[4], kNetwork5), r5 = permute(z[5], kNetwork5);
  Zmm r6 = permute(z[6], kNetwork5), r7 = permute(z[7], kNetwork5);
  Zmm t1 = lanes_min(z[0], r7), t2 = lanes_min(z[1], r6), t3 = lanes_min(z[2], r5),
      t4 = lanes_min(z[3], r4);
  Zmm t5 = permute(lanes_max(z[3], r4), kNetwork5), t6 = permute(lanes_max(z[2], r5), kNetwork5);
  Zmm t7 = permute(lanes_max(z[1], r6), kNetwork5), t8 = permute(lanes_max(z[0], r7), kNetwork5);
  coex(t1, t3);
  coex(t2, t4);
  coex(t5, t7);
  coex(t6, t8);
  coex(t1, t2);
  coex(t3, t4);
  coex(t5, t6);
  coex(t7, t8);
  Zmm* t[8] = {&t1, &t2, &t3, &t4, &t5, &t6, &t7, &t8};
  for (int i = 0; i < 8; ++i)
    z[i] = bitonic_merge_zmm(*t[i]);
}

// _mm512_mask_loadu_ps(+inf, mask of n lanes, p) and _mm512_mask_storeu_ps.
Zmm load(const float* p, int64_t n) {
  Zmm z;
  for (int i = 0; i < kLanes; ++i)
    z[size_t(i)] = i < n ? p[i] : kInf;
  return z;
}

void store(float* p, const Zmm& z, int64_t n) {
  for (int i = 0; i < kLanes && i < n; ++i)
    p[i] = z[size_t(i)];
}

// sort_16 ... sort_128: n <= 128 elements, in registers of 16.
void sort_network(float* arr, int64_t n) {
  int regs = n <= 16 ? 1 : n <= 32 ? 2 : n <= 64 ? 4 : 8;
  Zmm z[8];
  for (int r = 0; r < regs; ++r)
    z[r] = sort_zmm(load(arr + 16 * r, n - 16 * r));
  if (regs >= 2)
    for (int r = 0; r < regs; r += 2)
      bitonic_merge_two(z[r], z[r + 1]);
  if (regs >= 4)
    for (int r = 0; r < regs; r += 4)
      bitonic_merge_four(z + r);
  if (regs == 8) bitonic_merge_eight(z);
  for (int r = 0; r < regs; ++r)
    store(arr + 16 * r, z[r], n - 16 * r);
}

// get_pivot: 72 elements drawn by xoroshiro128+ (4 streams), a median network over 9 vectors.
float get_pivot(const float* arr, int64_t left, int64_t right) {
  uint64_t s0[4] = {8265987198341093849ull, 3762817312854612374ull, 1324281658759788278ull,
                    6214952190349879213ull};
  uint64_t s1[4] = {2874178529384792648ull, 1257248936691237653ull, 7874578921548791257ull,
                    1998265912745817298ull};
  for (int k = 0; k < 4; ++k) {
    s0[k] += uint64_t(left);
    s1[k] -= uint64_t(right);
  }
  int64_t size = right - left + 1;
  uint64_t bound = uint64_t(size > INT32_MAX ? INT32_MAX : size);
  Ymm v[9];
  for (int i = 0; i < 9; ++i) {
    uint32_t r[8];
    for (int k = 0; k < 4; ++k) { // vnext, then rnd_epu32
      s1[k] ^= s0[k];
      s0[k] = std::rotl(s0[k], 24) ^ s1[k] ^ (s1[k] << 16);
      s1[k] = std::rotl(s1[k], 37);
      uint64_t x = s0[k] + s1[k];
      r[2 * k] = uint32_t(((x & 0xffffffffu) * bound) >> 32);
      r[2 * k + 1] = uint32_t(((x >> 32) * bound) >> 32);
    }
    for (int k = 0; k < 8; ++k)
      v[i][size_t(k)] = arr[i < 5 ? left + int64_t(r[k]) : right - int64_t(r[k])];
  }
  static const int pairs[][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3}, {4, 6},
                                 {5, 7}, {0, 4}, {1, 2}, {5, 6}, {3, 7}, {1, 5}, {2, 6},
                                 {3, 5}, {2, 4}, {3, 4}, {3, 8}, {4, 8}};
  for (const auto& p : pairs)
    coex(v[p[0]], v[p[1]]);
  return v[4][4];
}

// partition_vec: the lanes below the pivot compress-stored at `left`, the others before `right`.
int partition_vec(float* arr, int64_t left, int64_t right, const Zmm& cur, float pivot,
                  Zmm& min_vec, Zmm& max_vec) {
  int above = 0;
  for (float x : cur)
    above += x >= pivot;
  int64_t lo = left, hi = right - above;
  for (float x : cur)
    (x >= pivot ? arr[hi++] : arr[lo++]) = x;
  min_vec = lanes_min(cur, min_vec);
  max_vec = lanes_max(cur, max_vec);
  return above;
}

Zmm load_full(const float* p) {
  Zmm z;
  for (int i = 0; i < kLanes; ++i)
    z[size_t(i)] = p[i];
  return z;
}

float reduce_min(const Zmm& z) {
  float m = z[0];
  for (float x : z)
    m = x < m ? x : m;
  return m;
}

float reduce_max(const Zmm& z) {
  float m = z[0];
  for (float x : z)
    m = x > m ? x : m;
  return m;
}

int64_t partition(float* arr, int64_t left, int64_t right, float pivot, float& smallest,
                  float& biggest) {
  for (int64_t i = (right - left) % 16; i > 0; --i) {
    smallest = vmin(smallest, arr[left]);
    biggest = vmax(biggest, arr[left]);
    if (arr[left] > pivot)
      std::swap(arr[left], arr[--right]);
    else
      ++left;
  }
  if (left == right) return left;
  Zmm min_vec, max_vec;
  min_vec.fill(smallest);
  max_vec.fill(biggest);
  if (right - left == 16) {
    int above = partition_vec(arr, left, left + 16, load_full(arr + left), pivot, min_vec, max_vec);
    smallest = reduce_min(min_vec);
    biggest = reduce_max(max_vec);
    return left + (16 - above);
  }
  Zmm vec_left = load_full(arr + left), vec_right = load_full(arr + (right - 16));
  int64_t r_store = right - 16, l_store = left;
  left += 16;
  right -= 16;
  while (right - left != 0) {
    Zmm cur;
    if ((r_store + 16) - right < left - l_store) {
      right -= 16;
      cur = load_full(arr + right);
    } else {
      cur = load_full(arr + left);
      left += 16;
    }
    int above = partition_vec(arr, l_store, r_store + 16, cur, pivot, min_vec, max_vec);
    r_store -= above;
    l_store += 16 - above;
  }
  l_store += 16 - partition_vec(arr, l_store, r_store + 16, vec_left, pivot, min_vec, max_vec);
  l_store += 16 - partition_vec(arr, l_store, l_store + 16, vec_right, pivot, min_vec, max_vec);
  smallest = reduce_min(min_vec);
  biggest = reduce_max(max_vec);
  return l_store;
}

void qsort(float* arr, int64_t left, int64_t right, int max_iters,
           void (*heapsort)(float*, int64_t)) {
  if (max_iters <= 0) {
    heapsort(arr + left, right + 1 - left);
    return;
  }
  if (right + 1 - left <= 128) {
    sort_network(arr + left, right + 1 - left);
    return;
  }
  float pivot = get_pivot(arr, left, right);
  float smallest = kInf, biggest = -kInf;
  int64_t pivot_index = partition(arr, left, right + 1, pivot, smallest, biggest);
  if (pivot != smallest) qsort(arr, left, pivot_index - 1, max_iters - 1, heapsort);
  if (pivot != biggest) qsort(arr, pivot_index, right, max_iters - 1, heapsort);
}

} // namespace

bool numpy_sorts_float32_with_avx512() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool skx = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
                          __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
  return skx;
#else
  return false;
#endif
}

void avx512_sort_float32(float* arr, int64_t n, void (*heapsort)(float*, int64_t)) {
  if (n <= 1) return;
  int64_t nans = 0;
  for (int64_t i = 0; i < n; ++i)
    if (arr[i] != arr[i]) {
      arr[i] = kInf;
      ++nans;
    }
  qsort(arr, 0, n - 1, 2 * int(std::log2(double(n))), heapsort);
  for (int64_t i = n - 1; nans > 0; --i, --nans)
    arr[i] = std::numeric_limits<float>::quiet_NaN();
}

} // namespace pyscript::runtime
