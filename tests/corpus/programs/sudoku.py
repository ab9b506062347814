# corpus: sudoku - a sudoku solver by constraint propagation (eliminate / assign over a dict of
#   candidate strings per square) and depth-first search, where a contradiction raises an exception
#   that the search catches; solves an easy and a hard puzzle and rejects an impossible one.
# model: Peter Norvig, "Solving Every Sudoku Puzzle" (https://norvig.com/sudoku.html; code in
#   norvig/pytudes, py/sudoku.py, MIT License). Written independently for this corpus (here a
#   Contradiction exception replaces returning False); no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, augmented-assign, sets, recursion, str-methods

DIGITS = "123456789"
ROWS = "ABCDEFGHI"
COLS = DIGITS


def cross(a, b):
    return [x + y for x in a for y in b]


SQUARES = cross(ROWS, COLS)
UNITS_LIST = ([cross(ROWS, c) for c in COLS] + [cross(r, COLS) for r in ROWS] +
              [cross(rs, cs) for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")])
UNITS = {s: [u for u in UNITS_LIST if s in u] for s in SQUARES}
PEERS = {s: sorted(set(sum(UNITS[s], [])) - {s}) for s in SQUARES}


class Contradiction(Exception):
    pass


def assign(values, s, d):
    for other in values[s].replace(d, ""):
        eliminate(values, s, other)
    return values


def eliminate(values, s, d):
    if d not in values[s]:
        return
    values[s] = values[s].replace(d, "")
    if len(values[s]) == 0:
        raise Contradiction(f"no candidates left for {s}")
    if len(values[s]) == 1:
        last = values[s]
        for peer in PEERS[s]:
            eliminate(values, peer, last)
    for unit in UNITS[s]:
        places = [sq for sq in unit if d in values[sq]]
        if not places:
            raise Contradiction(f"no place for {d} in a unit of {s}")
        if len(places) == 1:
            assign(values, places[0], d)


def parse_grid(grid):
    chars = [c for c in grid if c in DIGITS or c in "0."]
    if len(chars) != 81:
        raise ValueError(f"a grid has 81 cells, this one {len(chars)}")
    values = {s: DIGITS for s in SQUARES}
    for s, d in zip(SQUARES, chars):
        if d in DIGITS:
            assign(values, s, d)
    return values


def search(values, stats):
    if all(len(values[s]) == 1 for s in SQUARES):
        return values
    stats["nodes"] += 1
    n, s = min((len(values[s]), s) for s in SQUARES if len(values[s]) > 1)
    for d in values[s]:
        trial = values.copy()
        try:
            return search(assign(trial, s, d), stats)
        except Contradiction:
            stats["backtracks"] += 1
    raise Contradiction(f"every candidate for {s} fails")


def solve(grid):
    stats = {"nodes": 0, "backtracks": 0}
    return search(parse_grid(grid), stats), stats


def render(values):
    lines = []
    for r in ROWS:
        line = ""
        for c in COLS:
            line += values[r + c] + (" | " if c in "36" else " ")
        lines.append(line.rstrip())
        if r in "CF":
            lines.append("------+-------+------")
    return "\n".join(lines)


def is_solution(values):
    return all(sorted(values[s] for s in unit) == list(DIGITS) for unit in UNITS_LIST)


EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
IMPOSSIBLE = "11..............................................................................."

if __name__ == "__main__":
    for name, grid in (("easy", EASY), ("hard", HARD)):
        values, stats = solve(grid)
        print(name, stats, "valid:", is_solution(values))
        print(render(values))
    for grid in (IMPOSSIBLE, "123"):
        try:
            solve(grid)
        except Contradiction as e:
            print("no solution:", e)
        except ValueError as e:
            print("bad grid:", e)
