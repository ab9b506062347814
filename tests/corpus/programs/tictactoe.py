# corpus: tictactoe - tic-tac-toe with a Board class, win detection over precomputed lines, and a
#   minimax player with alpha-beta pruning and a memo of positions; two perfect players draw and the
#   perfect player beats a naive one.
# model: the minimax tic-tac-toe of AI textbooks and tutorials, e.g. TheAlgorithms/Python,
#   backtracking/minimax.py (https://github.com/TheAlgorithms/Python, MIT License). Written
#   independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, lambda, augmented-assign, recursion, tuple-keys, str-format

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class Board:
    def __init__(self, cells=None):
        self.cells = list(cells) if cells else [" "] * 9

    def __str__(self):
        rows = [" | ".join(self.cells[r * 3:r * 3 + 3]) for r in range(3)]
        return "\n---------\n".join(rows)

    def key(self):
        return "".join(self.cells)

    def moves(self):
        return [i for i, c in enumerate(self.cells) if c == " "]

    def play(self, i, mark):
        if self.cells[i] != " ":
            raise ValueError(f"square {i} is taken")
        nxt = Board(self.cells)
        nxt.cells[i] = mark
        return nxt

    def winner(self):
        for a, b, c in LINES:
            if self.cells[a] != " " and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a]
        return None

    def full(self):
        return " " not in self.cells


def other(mark):
    return "O" if mark == "X" else "X"


class MinimaxPlayer:
    def __init__(self, mark):
        self.mark = mark
        self.memo = {}
        self.nodes = 0

    def score(self, board, to_move, alpha, beta, depth):
        self.nodes += 1
        w = board.winner()
        if w is not None:
            return (10 - depth) if w == self.mark else (depth - 10)
        if board.full():
            return 0
        key = (board.key(), to_move)
        if key in self.memo:
            return self.memo[key]
        maximizing = to_move == self.mark
        best = -100 if maximizing else 100
        for m in board.moves():
            s = self.score(board.play(m, to_move), other(to_move), alpha, beta, depth + 1)
            if maximizing:
                best = max(best, s)
                alpha = max(alpha, s)
            else:
                best = min(best, s)
                beta = min(beta, s)
            if beta <= alpha:
                return best  # a cut-off value is only a bound: not memoized
        self.memo[key] = best
        return best

    def choose(self, board):
        scored = [(self.score(board.play(m, self.mark), other(self.mark), -100, 100, 1), m) for m in board.moves()]
        return max(scored, key=lambda sm: (sm[0], -sm[1]))[1]


class FirstFreePlayer:
    def __init__(self, mark):
        self.mark = mark

    def choose(self, board):
        return board.moves()[0]


def game(x_player, o_player, verbose=False):
    board = Board()
    players = {"X": x_player, "O": o_player}
    turn = "X"
    history = []
    while board.winner() is None and not board.full():
        move = players[turn].choose(board)
        history.append(move)
        board = board.play(move, turn)
        turn = other(turn)
    if verbose:
        print(board)
    return board.winner() or "draw", history


if __name__ == "__main__":
    x, o = MinimaxPlayer("X"), MinimaxPlayer("O")
    result, moves = game(x, o, verbose=True)
    print("minimax vs minimax:", result, moves, "nodes searched:", x.nodes + o.nodes)
    print("minimax vs first-free:", game(MinimaxPlayer("X"), FirstFreePlayer("O")))
    print("first-free vs minimax:", game(FirstFreePlayer("X"), MinimaxPlayer("O")))
    try:
        Board().play(4, "X").play(4, "O")
    except ValueError as e:
        print("illegal:", e)
