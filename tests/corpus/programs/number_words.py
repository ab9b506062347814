# corpus: number_words - spell integers in English words (units, teens, tens, hundreds, thousands,
#   millions, billions, negative numbers), ordinal suffixes, and count the letters used for 1..1000
#   (Project Euler 17).
# model: TheAlgorithms/Python, conversions/convert_number_to_words.py and Project Euler problem 17
#   (https://projecteuler.net/problem=17, CC BY-NC-SA 4.0). Written independently for this corpus;
#   no code copied.
# license: pyscript's (this repository's)
# corpus-tags: exceptions, augmented-assign, str-methods, recursion

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
        "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
SCALES = [(10 ** 9, "billion"), (10 ** 6, "million"), (1000, "thousand")]


def below_thousand(n, british=True):
    words = []
    hundreds, rest = divmod(n, 100)
    if hundreds:
        words.append(ONES[hundreds] + " hundred")
        if rest and british:
            words.append("and")
    if rest >= 20:
        tens, ones = divmod(rest, 10)
        words.append(TENS[tens] + ("-" + ONES[ones] if ones else ""))
    elif rest or not hundreds:
        words.append(ONES[rest])
    return " ".join(words)


def to_words(n, british=True):
    if not isinstance(n, int):
        raise TypeError(f"expected an int, got {type(n).__name__}")
    if n < 0:
        return "minus " + to_words(-n, british)
    if n >= 10 ** 12:
        raise ValueError("too large")
    parts = []
    for value, name in SCALES:
        if n >= value:
            parts.append(to_words(n // value, british) + " " + name)
            n %= value
    if n or not parts:
        if parts and n < 100 and british:
            parts.append("and")
        parts.append(below_thousand(n, british))
    return " ".join(parts)


def ordinal(n):
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def letter_count(limit=1000):
    return sum(len(to_words(n).replace(" ", "").replace("-", "")) for n in range(1, limit + 1))


if __name__ == "__main__":
    for n in (0, 7, 13, 21, 100, 101, 342, 1000, 1005, 90_210, 1_000_000, 2_147_483_647, -45):
        print(f"{n:>13,}: {to_words(n)}")
    print(to_words(115, british=False), "|", to_words(1_000_001))
    print(" ".join(ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 112, 1003)))
    print("letters used for 1..1000:", letter_count())
    for bad in (3.5, 10 ** 13):
        try:
            to_words(bad)
        except (TypeError, ValueError) as e:
            print(type(e).__name__, e)
