// Python's arithmetic on 64-bit ints and doubles, exactly: floor division and modulo round toward
// negative infinity, overflow is detected, round() is half to even. Each function returns
// nothing where CPython would raise (ZeroDivisionError, OverflowError, ValueError), so the
// constant folder leaves those to run time, and the runtime reports them.
#pragma once

#include <cstdint>
#include <optional>

namespace pyscript::arith {

std::optional<int64_t> add(int64_t a, int64_t b);
std::optional<int64_t> sub(int64_t a, int64_t b);
std::optional<int64_t> mul(int64_t a, int64_t b);
std::optional<int64_t> floordiv(int64_t a, int64_t b);
std::optional<int64_t> mod(int64_t a, int64_t b);
std::optional<int64_t> pow(int64_t base, int64_t exponent); // exponent >= 0
std::optional<int64_t> neg(int64_t a);

std::optional<double> truediv(double a, double b);
// int / int, correctly rounded from the exact quotient, as CPython does (converting each int to
// a double first would round twice for ints beyond 2**53).
std::optional<double> int_truediv(int64_t a, int64_t b);
std::optional<double> floordiv(double a, double b);
std::optional<double> mod(double a, double b);
std::optional<double> pow(double base, double exponent);

// int(x): truncation; nothing for nan, inf or out of range.
std::optional<int64_t> to_int(double x);
// round(x) as an int (half to even), and round(x, ndigits) as a float.
std::optional<int64_t> round_to_int(double x);
double round_digits(double x, int64_t ndigits);

// len(range(start, stop, step)); nothing when step is 0.
std::optional<int64_t> range_length(int64_t start, int64_t stop, int64_t step);

// math.floor / math.ceil as ints; nothing for nan/inf/out of range.
std::optional<int64_t> floor_to_int(double x);
std::optional<int64_t> ceil_to_int(double x);

// math.gcd(a, b) (non-negative; nothing when it is 2**63), math.factorial(n) (nothing when n < 0
// or the result leaves 64 bits) and math.isqrt(n) (nothing when n < 0).
std::optional<int64_t> gcd(int64_t a, int64_t b);
std::optional<int64_t> factorial(int64_t n);
std::optional<int64_t> isqrt(int64_t n);
// pow(a, b, m) of ints: in [0, m) for m > 0, in (m, 0] for m < 0; b < 0 takes a's inverse modulo m.
// Nothing when m is 0 or a has no inverse (CPython's two ValueErrors: *zero_modulus tells which).
std::optional<int64_t> pow_mod(int64_t a, int64_t b, int64_t m, bool* zero_modulus);

// int == float etc., exactly (not through a lossy conversion of the int).
int compare_int_float(int64_t a, double b); // -1, 0, 1; 2 when b is nan

} // namespace pyscript::arith
