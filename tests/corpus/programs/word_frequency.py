# corpus: word_frequency - word statistics of a text held in the program: normalize case, strip
#   punctuation with str.translate, count with a dict and with collections.Counter, the most common
#   words and letters, average word length, words per sentence, a concordance of one word.
# model: the word-count exercises of Python courses, e.g. Think Python (Allen Downey), chapter 13
#   "Case study: data structure selection" (https://greenteapress.com/thinkpython2/html/thinkpython2014.html,
#   CC BY-NC 3.0). Written independently for this corpus; no code copied. Adapted: the text is a
#   string (a paragraph of Python's own documentation-like prose), not a file.
# license: pyscript's (this repository's)
# corpus-tags: lambda, sets, stdlib, str-methods, str-format

import string
from collections import Counter

TEXT = """
Python is an easy to learn, powerful programming language. It has efficient high-level data
structures and a simple but effective approach to object-oriented programming. Python's elegant
syntax and dynamic typing, together with its interpreted nature, make it an ideal language for
scripting and rapid application development in many areas on most platforms. The Python
interpreter and the extensive standard library are freely available in source or binary form for
all major platforms from the Python web site, and may be freely distributed. The same site also
contains distributions of and pointers to many free third party Python modules, programs and
tools, and additional documentation. The Python interpreter is easily extended with new functions
and data types implemented in C or C++ (or other languages callable from C). Python is also
suitable as an extension language for customizable applications.
"""

STOP_WORDS = {"the", "and", "a", "an", "to", "of", "in", "is", "it", "or", "for", "with", "on", "as"}


def words_of(text):
    table = str.maketrans("", "", string.punctuation.replace("-", "").replace("'", ""))
    cleaned = text.lower().translate(table)
    return [w.strip("'-") for w in cleaned.split() if w.strip("'-")]


def count_words(words):
    counts = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return counts


def sentences_of(text):
    flat = " ".join(text.split())
    parts = [s.strip() for s in flat.replace("!", ".").replace("?", ".").split(". ")]
    return [p for p in parts if p]


def concordance(text, word, width=25):
    flat = " ".join(text.split())
    lines = []
    start = flat.lower().find(word)
    while start != -1:
        left = flat[max(0, start - width):start].rjust(width)
        right = flat[start:start + len(word) + width]
        lines.append(f"{left}{right}")
        start = flat.lower().find(word, start + 1)
    return lines


if __name__ == "__main__":
    words = words_of(TEXT)
    counts = count_words(words)
    print(len(words), "words,", len(counts), "distinct")
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:8]
    print("most common:", top)
    content = Counter(w for w in words if w not in STOP_WORDS)
    print("most common content words:", content.most_common(5))
    letters = Counter(ch for ch in TEXT.lower() if ch.isalpha())
    print("letters:", "".join(ch for ch, _ in letters.most_common(10)))
    print("average word length: %.3f" % (sum(map(len, words)) / len(words)))
    sentences = sentences_of(TEXT)
    print("sentences:", len(sentences), "words per sentence:", [len(s.split()) for s in sentences])
    longest = max(words, key=len)
    print("longest word:", longest, len(longest))
    for line in concordance(TEXT, "interpreter"):
        print("  ", line)
    by_length = {}
    for w in set(words):
        by_length.setdefault(len(w), []).append(w)
    print({k: sorted(v)[:3] for k, v in sorted(by_length.items()) if k >= 11})
