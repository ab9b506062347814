# corpus: grade_stats - compute statistics over student grades given as strings: validation
#   functions that raise ValueError with a message, try/except/else/finally around each student,
#   mean, median, standard deviation and letter grades, assert for an invariant.
# model: the grade-book exercises of introductory Python courses (e.g. Think Python, Allen Downey,
#   https://greenteapress.com/wp/think-python-2e/, CC BY-NC 3.0). Written independently for this
#   corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: exceptions, str-methods, augmented-assign

import math

RAW = [
    "alice: 91, 85, 78, 94",
    "bob: 55, 67, 72",
    "carol: 100, 100, 98, 99, 97",
    "dave: 88, x, 90",
    "erin: ",
    "frank 70, 80",
    "grace: 65, 101, 70",
    "heidi: 72.5, 81, 90",
]


def parse_score(text):
    text = text.strip()
    value = float(text)
    if value < 0 or value > 100:
        raise ValueError(f"score out of range: {text}")
    return value


def parse_line(line):
    if ":" not in line:
        raise ValueError(f"missing ':' in {line!r}")
    name, _, rest = line.partition(":")
    if not rest.strip():
        raise ValueError(f"no scores for {name}")
    return name.strip(), [parse_score(s) for s in rest.split(",")]


def mean(xs):
    if not xs:
        raise ZeroDivisionError("mean of no values")
    return sum(xs) / len(xs)


def median(xs):
    s = sorted(xs)
    n = len(s)
    mid = n // 2
    return s[mid] if n % 2 else (s[mid - 1] + s[mid]) / 2


def stdev(xs):
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0


def letter(score):
    for bound, grade in ((90, "A"), (80, "B"), (70, "C"), (60, "D")):
        if score >= bound:
            return grade
    return "F"


def main():
    all_scores = []
    failures = 0
    for line in RAW:
        try:
            name, scores = parse_line(line)
        except ValueError as e:
            failures += 1
            print(f"skip: {e}")
        else:
            avg = mean(scores)
            all_scores.extend(scores)
            print(f"{name:6} n={len(scores)} mean={avg:6.2f} median={median(scores):6.2f} "
                  f"sd={stdev(scores):5.2f} grade={letter(avg)}")
        finally:
            assert failures <= len(RAW)
    print(f"{failures} lines skipped; overall mean {mean(all_scores):.3f} over {len(all_scores)} scores")
    try:
        mean([])
    except ZeroDivisionError as e:
        print("error:", e)


if __name__ == "__main__":
    main()
