# corpus: nqueens - all solutions of the n-queens puzzle by filtering permutations of the column
#   indices (a queen per row and column; diagonals checked with sets), for n = 4..8.
# model: python/pyperformance, pyperformance/data-files/benchmarks/bm_nqueens/run_benchmark.py
#   (https://github.com/python/pyperformance, MIT License). Written independently for this corpus
#   in the style of its model; no code copied. Adapted: solutions counted and the first printed.
# license: pyscript's (this repository's)
# corpus-tags: stdlib, sets, generators

from itertools import permutations


def n_queens(queen_count):
    """Yield each solution as a tuple: the column of the queen in each row."""
    cols = range(queen_count)
    for vec in permutations(cols):
        if (queen_count == len(set(vec[i] + i for i in cols))
                == len(set(vec[i] - i for i in cols))):
            yield vec


def board(solution):
    n = len(solution)
    return "\n".join(" ".join("Q" if solution[r] == c else "." for c in range(n)) for r in range(n))


if __name__ == "__main__":
    for n in range(4, 9):
        solutions = list(n_queens(n))
        print(n, len(solutions), solutions[0])
    print(board(next(n_queens(8))))
