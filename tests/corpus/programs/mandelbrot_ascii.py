# corpus: mandelbrot_ascii - the Mandelbrot set drawn in ASCII with float arithmetic (escape-time
#   iteration on real and imaginary parts), plus the area estimate from a finer grid.
# model: the ASCII Mandelbrot programs of Rosetta Code, "Mandelbrot set" task, Python section
#   (https://rosettacode.org/wiki/Mandelbrot_set#Python, GNU FDL 1.3). Written independently for
#   this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: augmented-assign, str-methods

CHARS = " .:-=+*#%@"


def escape_time(cr, ci, max_iter):
    zr = zi = 0.0
    for n in range(max_iter):
        zr2, zi2 = zr * zr, zi * zi
        if zr2 + zi2 > 4.0:
            return n
        zi = 2.0 * zr * zi + ci
        zr = zr2 - zi2 + cr
    return max_iter


def render(width=72, height=28, max_iter=60):
    rows = []
    for y in range(height):
        ci = -1.2 + 2.4 * y / (height - 1)
        row = ""
        for x in range(width):
            cr = -2.1 + 2.8 * x / (width - 1)
            n = escape_time(cr, ci, max_iter)
            row += CHARS[-1] if n == max_iter else CHARS[n * (len(CHARS) - 1) // max_iter]
        rows.append(row.rstrip())
    return "\n".join(rows)


def area(step=0.01, max_iter=100):
    inside = 0
    total = 0
    y = 0.0
    while y < 1.2:
        x = -2.1
        while x < 0.7:
            total += 1
            if escape_time(x, y, max_iter) == max_iter:
                inside += 1
            x += step
        y += step
    return 2 * inside * step * step, inside, total


if __name__ == "__main__":
    print(render())
    a, inside, total = area(0.02)
    print(f"area ~ {a:.4f} ({inside} of {total} points inside)")
