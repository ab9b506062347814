# corpus: bowling - score a game of ten-pin bowling: a BowlingGame class takes rolls one by one,
#   validates them (raising on impossible rolls or rolls after the game is over) and scores strikes,
#   spares and the tenth frame's bonus rolls.
# model: exercism/python, exercises/practice/bowling (https://github.com/exercism/python, MIT
#   License; the kata from Robert C. Martin). Written independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, augmented-assign


class BowlingError(Exception):
    pass


class BowlingGame:
    FRAMES = 10
    PINS = 10

    def __init__(self):
        self.rolls = []
        self.frame = 0
        self.first_in_frame = None
        self.bonus_rolls = 0
        self.finished = False

    def roll(self, pins):
        if self.finished:
            raise BowlingError("cannot roll after the game is over")
        if pins < 0 or pins > self.PINS:
            raise BowlingError(f"a roll knocks down 0 to {self.PINS} pins, not {pins}")
        if self.frame < self.FRAMES:
            self._roll_in_frame(pins)
        else:
            self._roll_bonus(pins)
        self.rolls.append(pins)

    def _roll_in_frame(self, pins):
        if self.first_in_frame is None:
            if pins == self.PINS:
                self._end_frame(bonus=2)
            else:
                self.first_in_frame = pins
        else:
            if self.first_in_frame + pins > self.PINS:
                raise BowlingError("pin count exceeds pins on the lane")
            spare = self.first_in_frame + pins == self.PINS
            self._end_frame(bonus=1 if spare else 0)

    def _end_frame(self, bonus):
        self.frame += 1
        self.first_in_frame = None
        if self.frame == self.FRAMES:
            self.bonus_rolls = bonus
            self.bonus_pins = []
            self.finished = bonus == 0

    def _roll_bonus(self, pins):
        self.bonus_pins.append(pins)
        if len(self.bonus_pins) == 2 and self.bonus_pins[0] != self.PINS:
            if sum(self.bonus_pins) > self.PINS:
                raise BowlingError("bonus rolls exceed the pins on the lane")
        if len(self.bonus_pins) == self.bonus_rolls:
            self.finished = True

    def score(self):
        if not self.finished:
            raise BowlingError("an incomplete game cannot be scored")
        total = 0
        i = 0
        for _ in range(self.FRAMES):
            if self.rolls[i] == self.PINS:
                total += 10 + self.rolls[i + 1] + self.rolls[i + 2]
                i += 1
            elif self.rolls[i] + self.rolls[i + 1] == self.PINS:
                total += 10 + self.rolls[i + 2]
                i += 2
            else:
                total += self.rolls[i] + self.rolls[i + 1]
                i += 2
        return total


def play(rolls):
    game = BowlingGame()
    try:
        for r in rolls:
            game.roll(r)
        return game.score()
    except BowlingError as err:
        return f"error: {err}"


GAMES = {
    "gutter": [0] * 20,
    "all ones": [1] * 20,
    "one spare": [5, 5, 3] + [0] * 17,
    "one strike": [10, 3, 4] + [0] * 16,
    "perfect": [10] * 12,
    "all spares": [5, 5] * 10 + [5],
    "typical": [10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1],
    "tenth spare": [0] * 18 + [7, 3, 10],
    "too many pins": [5, 6] + [0] * 18,
    "negative": [-1] + [0] * 19,
    "incomplete": [0] * 10,
    "extra roll": [0] * 20 + [1],
    "bad bonus": [0] * 18 + [10, 5, 6],
    "strike bonus": [0] * 18 + [10, 10, 6],
}

if __name__ == "__main__":
    for name, rolls in GAMES.items():
        print(f"{name:14} {play(rolls)}")
