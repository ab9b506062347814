# print(f"...") with conversions and format specs for int, float, bool and str: what CPython's
# format() writes (support/format_spec; tests/format_spec checks it spec by spec).
def row(name, count, ratio):
    print(f"{name:<8}|{count:>6,}|{ratio:8.3%}|{ratio:.2e}|{ratio:g}|{count:#x}|{-count:+08d}")


for k in range(4):
    row("item" if k else "first", k * 123457, k / 7)
x = 0.1 + 0.2
s = "it's"
print(f"{x} {x!r} {x!s} {x:.17g} {x:.3} {x:10.4f}| {x:<10.2f}| {x:^10.1f}| {x:*>12.5e}")
print(f"{s} {s!r} {s:>8} {s:_^9} {s:.2}", f"{True} {False!r} {True:d} {None} {(1, 'a', 2.5)}")
print(f"{1e16} {1e16:f} {1e-7} {-0.0} {-0.0:z.1f} {float('inf'):>6} {2 ** 62:,} {(-2) ** 63:_}")
print(f"{{literal}} {{{3}}}", f'{"nested quotes"}', rf"\n{1}", f"""{2:03}""", "x", sep="/")
print(f"a" f"b{1}" "c" f"{2}d", end=f"!\n")
n = 5
print(f"{n * 2 + 1} {n // 2} {n / 2} {n % 3 == 2} {-n if n > 3 else n} {abs(-2.5):.1f}")
