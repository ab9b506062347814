// Internal to runtime/: numpy 1.24's AVX-512 quicksort of float32, replayed in scalar code
// (Note [numpy's AVX-512 float32 sort] in array_sort_avx512.cpp).
#pragma once

#include <cstdint>

namespace pyscript::runtime {

// Whether numpy on this CPU sorts float32 with its AVX-512 quicksort (AVX512_SKX).
bool numpy_sorts_float32_with_avx512();

// Sorts arr[0..n) as numpy's AVX-512 quicksort does; `heapsort` is numpy's heapsort of floats,
// its fallback past 2*log2(n) levels.
void avx512_sort_float32(float* arr, int64_t n, void (*heapsort)(float*, int64_t));

} // namespace pyscript::runtime
