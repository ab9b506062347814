# corpus: game_of_life - Conway's Game of Life on an unbounded board stored as a set of live cells;
#   a glider, a blinker and the R-pentomino run for some generations.
# model: the set-based Life of Python tutorials, e.g. Peter Norvig's pytudes, ipynb/Life.ipynb
#   (https://github.com/norvig/pytudes, MIT License). Written independently for this corpus; no
#   code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, lambda, augmented-assign, generators, sets, stdlib, tuple-keys

from collections import Counter


class Life:
    def __init__(self, cells):
        self.cells = set(cells)
        self.generation = 0

    @staticmethod
    def neighbours(cell):
        x, y = cell
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    yield (x + dx, y + dy)

    def step(self):
        counts = Counter(n for c in self.cells for n in self.neighbours(c))
        self.cells = {c for c, k in counts.items() if k == 3 or (k == 2 and c in self.cells)}
        self.generation += 1
        return self

    def run(self, n):
        for _ in range(n):
            self.step()
        return self

    def bounding_box(self):
        xs = [x for x, _ in self.cells]
        ys = [y for _, y in self.cells]
        return min(xs), min(ys), max(xs), max(ys)

    def __len__(self):
        return len(self.cells)

    def __str__(self):
        if not self.cells:
            return "(empty)"
        x0, y0, x1, y1 = self.bounding_box()
        return "\n".join("".join("#" if (x, y) in self.cells else "." for x in range(x0, x1 + 1))
                         for y in range(y0, y1 + 1))


GLIDER = [(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)]
BLINKER = [(0, 1), (1, 1), (2, 1)]
R_PENTOMINO = [(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)]

if __name__ == "__main__":
    g = Life(GLIDER)
    print(g, end="\n\n")
    g.run(8)
    print(g, g.bounding_box(), end="\n\n")
    b = Life(BLINKER).run(3)
    print(b, end="\n\n")
    r = Life(R_PENTOMINO)
    populations = []
    for _ in range(10):
        r.run(20)
        populations.append(len(r))
    print("R-pentomino populations:", populations, "box", r.bounding_box())
    top = sorted(r.cells, key=lambda c: (c[1], c[0]))[:5]
    print(top)
