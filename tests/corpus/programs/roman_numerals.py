# corpus: roman_numerals - convert integers to Roman numerals and back, validating input with
#   custom exceptions (out of range, not an integer, invalid numeral) and a regular expression, then
#   check the round trip for 1..3999.
# model: Mark Pilgrim, Dive Into Python 3, chapter 9 "Unit testing", roman.py
#   (https://diveintopython3.net/unit-testing.html, CC BY-SA 3.0). Written independently for this
#   corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, lambda, augmented-assign, stdlib, inheritance

import re


class RomanError(Exception):
    pass


class OutOfRangeError(RomanError):
    pass


class NotIntegerError(RomanError):
    pass


class InvalidRomanNumeralError(RomanError):
    pass


NUMERALS = (("M", 1000), ("CM", 900), ("D", 500), ("CD", 400), ("C", 100), ("XC", 90),
            ("L", 50), ("XL", 40), ("X", 10), ("IX", 9), ("V", 5), ("IV", 4), ("I", 1))

PATTERN = re.compile(r"""
    ^M{0,3}
    (CM|CD|D?C{0,3})
    (XC|XL|L?X{0,3})
    (IX|IV|V?I{0,3})$
    """, re.VERBOSE)


def to_roman(n):
    if not isinstance(n, int):
        raise NotIntegerError("non-integers can not be converted")
    if not 0 < n < 4000:
        raise OutOfRangeError(f"number out of range (must be 1..3999): {n}")
    result = ""
    for numeral, value in NUMERALS:
        while n >= value:
            result += numeral
            n -= value
    return result


def from_roman(s):
    if not isinstance(s, str) or not s:
        raise InvalidRomanNumeralError("input must be a non-empty string")
    if not PATTERN.search(s):
        raise InvalidRomanNumeralError(f"invalid Roman numeral: {s}")
    result = 0
    index = 0
    for numeral, value in NUMERALS:
        while s[index:index + len(numeral)] == numeral:
            result += value
            index += len(numeral)
    return result


if __name__ == "__main__":
    for n in (1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999):
        print(n, to_roman(n))
    ok = all(from_roman(to_roman(n)) == n for n in range(1, 4000))
    print("round trip 1..3999:", ok)
    longest = max(range(1, 4000), key=lambda n: len(to_roman(n)))
    print("longest:", longest, to_roman(longest))
    for bad in (0, 4000, -5, 2.5, "12"):
        try:
            to_roman(bad)
        except RomanError as e:
            print(f"to_roman({bad!r}): {type(e).__name__}: {e}")
    for bad in ("MMMM", "IIII", "VX", "MCMC", "", "IL", "mcmxc"):
        try:
            from_roman(bad)
        except InvalidRomanNumeralError as e:
            print(f"from_roman({bad!r}): {e}")
