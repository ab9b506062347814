#!/usr/bin/env python3
"""Writes tests/runtime_str_cases.inc: inputs and CPython's own results for
tests/runtime_str_test.cpp, so the runtime's str functions are checked byte for byte against the
CPython that runs this script (3.11):

    /usr/bin/python3 tests/runtime_str_cases.py > tests/runtime_str_cases.inc
"""
import sys

SAMPLES = ["", "a", "hello", "naïve", "héllo wörld", "αβγδε", "中文字符", "a😀b😀c", "Привет, мир"]
SUBS = ["", "a", "é", "lo", "😀", "γδ", "字符", "xyz", "l", "р"]
I64_MIN, I64_MAX = -2**63, 2**63 - 1


def c(s):
    """A C++ string literal of s's UTF-8 (None: nullptr)."""
    if s is None:
        return 'nullptr'
    out = []
    for ch in s:
        o = ord(ch)
        if ch == '\\':
            out.append('\\\\')
        elif ch == '"':
            out.append('\\"')
        elif o < 0x20 or o == 0x7f or (o >= 0x80 and not ch.isprintable()):
            out.extend('\\%03o' % b for b in ch.encode('utf-8', 'surrogatepass'))
        else:
            out.append(ch)
    return '"' + ''.join(out) + '"'


def i64(v):
    return 'INT64_MIN' if v == I64_MIN else f'{v}LL' if abs(v) > 2**31 else str(v)


def error(e):
    """CPython's message as pyscript reports it: the detail cut to the 255 bytes pyrt_context holds,
    at a code point boundary."""
    detail = str(e).encode('utf-8')
    if len(detail) > 255:
        detail = detail[:255].decode('utf-8', 'ignore').encode('utf-8')
    return f'{type(e).__name__}: {detail.decode()}'


def table(struct, name, rows):
    print(f'static const {struct} {name}[] = {{')
    for row in rows:
        print('    {' + ', '.join(row) + '},')
    print('};')


def index_rows():
    for s in SAMPLES:
        for i in list(range(-len(s) - 2, len(s) + 2)) + [I64_MIN, I64_MAX]:
            try:
                yield [c(s), i64(i), c(s[i]), c(None)]
            except IndexError as e:
                yield [c(s), i64(i), c(None), c(error(e))]


def slice_rows():
    values = [None, I64_MIN, -10, -2, 0, 1, 4, I64_MAX]
    steps = [None, 2, -1, -3, 0, I64_MIN]
    for s in ["hello", "naïve", "a😀b😀c", ""]:
        for start in values:
            for stop in values:
                for step in steps:
                    has = (start is not None) | (stop is not None) << 1 | (step is not None) << 2
                    args = [c(s)] + [i64(v or 0) for v in (start, stop, step)] + [str(has)]
                    try:
                        yield args + [c(s[start:stop:step]), c(None)]
                    except ValueError as e:
                        yield args + [c(None), c(error(e))]


def find_rows():
    bounds = [(None, None), (-3, None), (None, -1), (2, 1), (5, None), (-100, 3), (3, 3)]
    for s in SAMPLES:
        for sub in SUBS:
            for start, end in bounds:
                has = (start is not None) | (end is not None) << 1
                yield [c(s), c(sub), i64(start or 0), i64(end or 0), str(has), str(s.find(sub, start, end))]


def search_rows():
    for s in SAMPLES:
        for sub in SUBS:
            yield [c(s), c(sub), str(s.count(sub)), str(int(sub in s)), str(int(s.startswith(sub))),
                   str(int(s.endswith(sub)))]


REPLACES = [("hello", "l", "L", -1), ("hello", "l", "L", 1), ("hello", "l", "", -1), ("hello", "", "-", -1),
            ("hello", "", "-", 2), ("", "", "x", -1), ("", "a", "b", -1), ("naïve naïve", "ï", "i", -1),
            ("naïve", "", "·", -1), ("a😀b😀c", "😀", "🎉🎉", 1), ("aaaa", "aa", "b", -1), ("aaa", "a", "aa", -1),
            ("αβγ", "β", "", 0), ("中文字符", "文字", "X", -1), ("abc", "abcd", "x", -1)]

SPLITS = [("a b  c", None, -1), ("  a b c  ", None, -1), ("  a b c  ", None, 1), ("  a b c  ", None, 0),
          ("", None, -1), ("   ", None, -1), ("a,,b", ",", -1), ("a,,b,", ",", -1), (",a", ",", 1),
          ("", ",", -1), ("a,b,c", ",", 0), ("a,b,c", ",", 1), ("naïve\u3000mot\xa0clé\x85fin", None, -1),
          ("αβ--γδ--", "--", -1), ("a😀b😀c", "😀", -1), ("中文 字符\t\n句", None, 2), ("abc", "abc", -1),
          ("x\u2028y\x1cz", None, -1), ("a b", "", -1)]

JOINS = [(",", []), (",", ["a"]), (", ", ["a", "b", "c"]), ("", ["naï", "ve"]), ("·", ["α", "", "中"]),
         ("😀", ["x", "y"])]

STRIPS = ["  hello  ", "\t\n hi \r\x0b\x0c", "\u3000naïve\xa0\x85", "", "   ", "xxhixx", "éaé", "αβγα",
          "a😀b😀"]
STRIP_CHARS = [None, "x", "éa", "α", "😀a", "", " h"]

CASES = ["hello World", "naïve", "NAÏVE", "ß", "straße", "ﬁle", "İstanbul", "ΟΔΟΣ ΣΑ", "Σ", "ΑΣ.", "ΑΣ'Α",
         "Привет, МИР", "Łódź ŁÓDŹ", "ǅ ǈ ǋ", "ŉ", "ΐ", "中文 ABC", "a😀B", "Ǆǅǆ", "ÿ Ÿ", "µ", "ı", "ſ",
         "ﬀ", "ᾳ", "Ω Ω", "K"]

IS_STRINGS = ["", "abc", "ABC", "Abc", "123", "١٢٣", "²", "½", "ⅷ", "abc123", "naïve", "NAÏVE", " \t\n",
              "\u3000\xa0\x85", "\u200b", "αβγ", "ΑΒΓ", "ǅ", "ǅa", "Ǆ", "中文", "a b", "😀", "A1", "a1", "1",
              "ß", "ª", "ʰ", "ⓐ", "Ⓐ", "_", "١a", "٣٤ab", "\u0301", "a\u0301", "Ⅷ"]

INTS = ["0", "12", "-12", "+7", "  42  ", "1_000", "1__0", "_1", "1_", "+-1", "", "  ", "a", "0x10", "1.5",
        "007", "0_0", "١٢٣", "１２", "\u3000 12\u2003", "9223372036854775807", "-9223372036854775808",
        "12 3", "١_٢", "-", "naïve", "'quoted'", "a" * 300, "é" * 150, "9" * 5000, "9" * 5000 + "a",
        "1_" * 2500 + "1", "9223372036854775808", "-9223372036854775809", "99999999999999999999"]

# pyscript's int is 64-bit: int(s) beyond it raises this instead of giving CPython's big int.
INT_OVERFLOW = ("OverflowError: int() of a string: the value does not fit in 64 bits (pyscript's int is 64-bit; "
                "CPython's is unbounded)")


def int_row(s):
    try:
        v = int(s)
    except ValueError as e:
        return [c(s), c(None), c(error(e))]
    if not I64_MIN <= v <= I64_MAX:
        return [c(s), c(None), c(INT_OVERFLOW)]
    return [c(s), c(str(v)), c(None)]

FLOATS = ["1.5", "  -2.25  ", "1e10", "1E-5", "inf", "-Infinity", "nan", "NaN", "+nan", "-inf", "infinit",
          "inf_", "1_0.5", "1_.5", "1._5", "1e1_0", "1e_10", "1e+_5", "1_e5", ".", "1.", ".5e-3", "-.5",
          "+.e5", "1e", "e5", "0x10", "١.٥", "", "  ", "1e500", "-1e500", "1e-500", "5e-324", "1_000_000.000_1",
          "0.1", "naïve", "3.14abc", "\u3000 1.5\x85", "00001.5", "1e-5", "-0.0", "1.7976931348623157e308"]

FLOAT_VALUES = [0.0, -0.0, 0.1, 1.5, -2.25, 1e16, 1e15, 1.2345e-5, 1e-4, 1e-5, 123456789012345678.0,
                float('inf'), float('-inf'), float('nan'), 5e-324, 1.7976931348623157e308, 1 / 3, 100.0]

REPRS = ["", "hello", "it's", 'say "hi"', "both ' and \"", "back\\slash", "tab\there\nnew\rret",
         "\x01\x1f\x7f", "naïve", "\x85\xa0\xad", "\u200b\u2028\u3000", "中文", "a😀b", "\ue000",
         "\U000e0001", "é\u0301", "\u0378\u0600\U0001d173\U000f0000\ufffe\u1680", "€£¥", "\U0001f1fa\U0001f1f8"]

FORMAT_INTS = [(42, ""), (42, "5"), (42, "<5"), (42, "^6"), (-42, "+"), (42, " "), (42, "05"), (1234567, ","),
               (1234567, "_"), (255, "x"), (255, "#X"), (255, "#o"), (5, "#b"), (-255, "#x"), (42, "*^9"),
               (42, "é>5"), (3, ".2f"), (12345, "e"), (7, "%"), (-9223372036854775808, ""), (1234, "010,")]

FORMAT_FLOATS = [(3.14159, ".2f"), (3.14159, "10.3f"), (-3.14159, "+.1e"), (1e16, ""), (0.1, ""),
                 (1234567.891, ",.2f"), (0.5, ".0%"), (float('inf'), "f"), (float('nan'), "F"),
                 (-0.0, "z.1f"), (1.5, "g"), (1e-7, "g"), (123.0, ".3"), (2.5, "^10.1f"), (-1.5, "010.2f"),
                 (1e100, ".3g"), (12.0, "#.0f")]

FORMAT_STRS = [("hello", ""), ("hello", "10"), ("hello", ">10"), ("hello", "^11"), ("naïve", "*^9"),
               ("naïve", ".3"), ("中文", "é<6"), ("a😀b", "5.2"), ("abc", "s")]

PERCENTS = [
    ("%d", [("i", 42)]), ("%5d|%-5d|", [("i", 42), ("i", -42)]), ("%+05d", [("i", 3)]), ("% d", [("i", 3)]),
    ("%.3d", [("i", -5)]), ("%5.3d", [("i", -5)]), ("%05.3d", [("i", -5)]), ("%-05d|", [("i", 3)]),
    ("%x %X %o", [("i", 255), ("i", 255), ("i", 8)]), ("%#x %#X %#o", [("i", -255), ("i", 255), ("i", 0)]),
    ("%#.3x|%#05x", [("i", 5), ("i", 5)]), ("%+x % x", [("i", 5), ("i", 5)]),
    ("%d", [("f", -2.9)]), ("%i", [("f", 1e20)]), ("%u", [("f", -0.0)]), ("%d", [("b", 1)]),
    ("%6.3f", [("f", 3.14159)]), ("%f %F", [("f", float('inf')), ("f", float('-inf'))]),
    ("%05f|%+f|%f", [("f", float('inf')), ("f", float('nan')), ("f", float('nan'))]),
    ("%e %E", [("f", 12345.678), ("f", 1e-10)]), ("%g %G %g", [("f", 1e-5), ("f", 1e-10), ("f", 123456.0)]),
    ("%#g|%.2g|%.0e|%#5.0f", [("f", 1.0), ("f", 123456.0), ("f", 1.5), ("i", 3)]),
    ("%010.3f", [("f", -3.14159)]), ("% 08.2f|%-+8.2f|", [("f", 3.14159), ("f", 3.14159)]),
    ("%.0f %.0f", [("f", 0.5), ("f", 2.5)]), ("%f", [("b", 1)]), ("%.2e", [("f", -0.0)]), ("%.20f", [("f", 0.1)]),
    ("%f", [("f", 1e300)]),
    ("%s", [("f", 1.5)]), ("%s %s %s", [("f", 1e16), ("b", 0), ("n", None)]), ("%r", [("s", "it's")]),
    ("%s|%r|%a", [("s", "naïve"), ("s", "naïve"), ("s", "é\u1234\U0001F600")]), ("%10.4s|", [("s", "naïve")]),
    ("%5s|%-5s|", [("s", "αβ"), ("s", "中")]), ("%.3r", [("s", "abcdef")]), ("%.1s|%05s|%+s", [("n", None), ("s", "ab"), ("i", 1)]),
    ("%c%c%c", [("i", 65), ("s", "é"), ("i", 0x1F600)]), ("%5c|%-5c|%05c", [("s", "é"), ("i", 233), ("i", 65)]),
    ("%c", [("b", 1)]), ("%*d|%-*d|%*d", [("i", 5), ("i", 3), ("i", 4), ("i", 3), ("i", -4), ("i", 3)]),
    ("%.*f|%*.*f", [("i", 2), ("f", 3.14159), ("i", 8), ("i", 2), ("f", 1.5)]), ("%.*s|", [("i", -1), ("s", "abc")]),
    ("%ld %hd %Lf", [("i", 5), ("i", 6), ("f", 1.0)]), ("100%% sure %s", [("s", "é")]), ("no args", []),
    ("naïve %s 中 %d", [("s", "😀"), ("i", 7)]), ("%r %r", [("i", 1), ("f", 0.1)]),
    # errors
    ("%d", [("s", "a")]), ("%i", [("n", None)]), ("%x", [("f", 1.5)]), ("%X", [("s", "a")]), ("%o", [("f", 1.5)]),
    ("%f", [("s", "a")]), ("%e", [("n", None)]), ("%c", [("s", "ab")]), ("%c", [("f", 1.5)]), ("%c", [("s", "")]),
    ("%c", [("i", 0x110000)]), ("%c", [("i", -1)]), ("%d", [("f", float('nan'))]), ("%d", [("f", float('inf'))]),
    ("%", []), ("abc%", []), ("%5", [("i", 1)]), ("%.", [("i", 1)]), ("%y", [("i", 1)]), ("%y", []),
    ("é%é", [("i", 1)]), ("%\x01", [("i", 1)]), ("%s %s", [("i", 1)]), ("%s", [("i", 1), ("i", 2)]),
    ("abc", [("i", 5)]), ("%(a)s", [("i", 1)]), ("%*d", [("s", "a"), ("i", 3)]), ("%*d", [("f", 1.5), ("i", 2)]),
    ("%5%", []), ("%5%", [("i", 1)]), ("%d %d", [("i", 1)]), ("%*", []),
]


def encode_args(args):
    parts = []
    for kind, v in args:
        if kind == 'i':
            parts.append('i' + str(v))
        elif kind == 'f':
            parts.append('f' + repr(v))
        elif kind == 'b':
            parts.append('b' + str(v))
        elif kind == 's':
            parts.append('s' + v)
        else:
            parts.append('n')
    return '\x1f'.join(parts)


def python_args(args):
    return tuple(bool(v) if k == 'b' else v for k, v in args)


def attempt(f):
    try:
        return c(f()), c(None)
    except Exception as e:
        return c(None), c(error(e))


def main():
    print('// Generated by tests/runtime_str_cases.py with Python %s: do not edit.' % sys.version.split()[0])
    print('// clang-format off')
    table('IndexCase', 'kIndexCases', index_rows())
    table('SliceCase', 'kSliceCases', slice_rows())
    table('FindCase', 'kFindCases', find_rows())
    table('SearchCase', 'kSearchCases', search_rows())
    table('ReplaceCase', 'kReplaceCases', ([c(s), c(o), c(n), str(k), c(s.replace(o, n, k))] for s, o, n, k in REPLACES))
    table('SplitCase', 'kSplitCases', ([c(s), c(sep), str(m), *attempt(lambda: repr(s.split(sep, m)))]
                                       for s, sep, m in SPLITS))
    table('JoinCase', 'kJoinCases', ([c(sep), str(len(p)), '{' + ', '.join(c(x) for x in p) + '}', c(sep.join(p))]
                                     for sep, p in JOINS))
    table('StripCase', 'kStripCases', ([c(s), c(ch), c(s.strip(ch)), c(s.lstrip(ch)), c(s.rstrip(ch))]
                                       for s in STRIPS for ch in STRIP_CHARS))
    table('CaseCase', 'kCaseCases', ([c(s), c(s.upper()), c(s.lower())] for s in CASES))
    methods = [str.isdigit, str.isalpha, str.isspace, str.isalnum, str.isupper, str.islower]
    table('IsCase', 'kIsCases', ([c(s), str(sum(int(m(s)) << k for k, m in enumerate(methods)))] for s in IS_STRINGS))
    table('ConvertCase', 'kIntCases', (int_row(s) for s in INTS))
    table('ConvertCase', 'kFloatCases', ([c(s), *attempt(lambda: repr(float(s)))] for s in FLOATS))
    table('FloatReprCase', 'kFloatReprs', ([repr(v) if v == v and abs(v) != float('inf') else
                                            {'inf': 'INFINITY', '-inf': '-INFINITY', 'nan': 'NAN'}[repr(v)], c(repr(v))]
                                           for v in FLOAT_VALUES))
    table('ReprCase', 'kReprCases', ([c(s), c(repr(s))] for s in REPRS))
    table('FormatIntCase', 'kFormatInts', ([i64(v), c(spec), c(format(v, spec))] for v, spec in FORMAT_INTS))
    table('FormatFloatCase', 'kFormatFloats', ([{'inf': 'INFINITY', 'nan': 'NAN'}.get(repr(v), repr(v)), c(spec),
                                                c(format(v, spec))] for v, spec in FORMAT_FLOATS))
    table('FormatStrCase', 'kFormatStrs', ([c(v), c(spec), c(format(v, spec))] for v, spec in FORMAT_STRS))
    table('PercentCase', 'kPercentCases', ([c(f), c(encode_args(a)), *attempt(lambda: f % python_args(a))]
                                           for f, a in PERCENTS))
    # Every code point of Latin-1, Latin Extended-A/B, IPA, Greek and Cyrillic, and some beyond.
    block = ''.join(chr(x) for x in list(range(0x20, 0x7f)) + list(range(0xa0, 0x530)) + list(range(0x1e00, 0x2000))
                    + list(range(0x2c00, 0x2c60)) + list(range(0xff01, 0xff5f)) + list(range(0x10400, 0x10450)))
    print(f'static const char* const kBlock = {c(block)};')
    print(f'static const char* const kBlockUpper = {c(block.upper())};')
    print(f'static const char* const kBlockLower = {c(block.lower())};')
    for name, m in [('kBlockDigit', str.isdigit), ('kBlockAlpha', str.isalpha), ('kBlockSpace', str.isspace),
                    ('kBlockAlnum', str.isalnum), ('kBlockIsUpper', str.isupper), ('kBlockIsLower', str.islower)]:
        print(f'static const char* const {name} = "{"".join("1" if m(ch) else "0" for ch in block)}";')
    print('// clang-format on')


if __name__ == '__main__':
    main()
