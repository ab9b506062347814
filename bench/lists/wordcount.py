# Word frequencies with a dict[str, int]: a deterministic text of N words (drawn from a fixed
# vocabulary of 4,352 made-up words by a linear congruential generator, skewed so that some words
# are frequent), split, counted with d.get(w, 0) + 1, and the 10 most frequent printed.
# bench/run_lists.py runs it beside bench/lists/wordcount_reference.c.
import time

N = 1000000

SYLLABLES = ["ba", "ce", "di", "fo", "gu", "ha", "ke", "li", "mo", "nu", "pa", "re", "si", "to", "vu", "we"]


def make_vocabulary():
    two = [a + b for a in SYLLABLES for b in SYLLABLES]
    three = [a + b + c for a in SYLLABLES for b in SYLLABLES for c in SYLLABLES]
    return two + three


def make_text(n):
    vocab = make_vocabulary()
    v = len(vocab)
    x = 12345
    words = []
    for k in range(n):
        x = (x * 1103515245 + 12345) % 2147483648
        a = x // 65536 % v
        x = (x * 1103515245 + 12345) % 2147483648
        b = x // 65536 % v
        words.append(vocab[a * b // v])
    return " ".join(words)


def count_words(text):
    counts = {}
    for w in text.split():
        counts[w] = counts.get(w, 0) + 1
    return counts


def by_count(item):
    return item[1]


def bench(n):
    text = make_text(n)
    counts = count_words(text)
    top = sorted(counts.items(), key=by_count, reverse=True)[:10]
    return len(text), len(counts), top


def report(result):
    chars, distinct, top = result
    print(f"words {N} chars {chars} distinct {distinct}")
    for word, count in top:
        print(f"{word} {count}")


if __name__ == "__main__":
    warm = bench(N)
    t0 = time.perf_counter()
    result = bench(N)
    t1 = time.perf_counter()
    assert result == warm
    report(result)
    print(f"time: {(t1 - t0) * 1000.0:.3f} ms")
