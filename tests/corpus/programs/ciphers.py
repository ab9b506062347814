# corpus: ciphers - classical ciphers on strings: Caesar (encrypt, decrypt, brute force scored by
#   English letter frequencies), Vigenere, Atbash, a rail fence transposition and run-length
#   encoding; each round-trips a message.
# model: TheAlgorithms/Python, ciphers/caesar_cipher.py, ciphers/vigenere_cipher.py,
#   ciphers/atbash.py and ciphers/rail_fence_cipher.py (https://github.com/TheAlgorithms/Python, MIT
#   License). Written independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: str-methods, augmented-assign, lambda

from string import ascii_lowercase, ascii_uppercase

ENGLISH_FREQ = {
    "a": 8.2, "b": 1.5, "c": 2.8, "d": 4.3, "e": 12.7, "f": 2.2, "g": 2.0, "h": 6.1, "i": 7.0,
    "j": 0.15, "k": 0.77, "l": 4.0, "m": 2.4, "n": 6.7, "o": 7.5, "p": 1.9, "q": 0.095, "r": 6.0,
    "s": 6.3, "t": 9.1, "u": 2.8, "v": 0.98, "w": 2.4, "x": 0.15, "y": 2.0, "z": 0.074,
}


def caesar(text, key):
    result = ""
    for ch in text:
        if ch.islower():
            result += ascii_lowercase[(ascii_lowercase.index(ch) + key) % 26]
        elif ch.isupper():
            result += ascii_uppercase[(ascii_uppercase.index(ch) + key) % 26]
        else:
            result += ch
    return result


def chi_squared(text):
    letters = [c for c in text.lower() if c.isalpha()]
    n = len(letters)
    score = 0.0
    for letter, pct in ENGLISH_FREQ.items():
        expected = n * pct / 100
        observed = letters.count(letter)
        score += (observed - expected) ** 2 / expected
    return score


def break_caesar(ciphertext):
    scores = {key: chi_squared(caesar(ciphertext, -key)) for key in range(26)}
    best = min(scores, key=scores.get)
    return best, caesar(ciphertext, -best)


def vigenere(text, key, decrypt=False):
    out = []
    k = 0
    for ch in text:
        if ch.isalpha():
            shift = ord(key[k % len(key)].lower()) - ord("a")
            if decrypt:
                shift = -shift
            base = ord("A") if ch.isupper() else ord("a")
            out.append(chr((ord(ch) - base + shift) % 26 + base))
            k += 1
        else:
            out.append(ch)
    return "".join(out)


def atbash(text):
    table = str.maketrans(ascii_lowercase + ascii_uppercase, ascii_lowercase[::-1] + ascii_uppercase[::-1])
    return text.translate(table)


def rail_fence(text, rails):
    rows = [[] for _ in range(rails)]
    row, step = 0, 1
    for ch in text:
        rows[row].append(ch)
        if row == 0:
            step = 1
        elif row == rails - 1:
            step = -1
        row += step
    return "".join("".join(r) for r in rows)


def rail_fence_decrypt(cipher, rails):
    pattern = []
    row, step = 0, 1
    for _ in cipher:
        pattern.append(row)
        if row == 0:
            step = 1
        elif row == rails - 1:
            step = -1
        row += step
    order = sorted(range(len(cipher)), key=lambda i: (pattern[i], i))
    out = [""] * len(cipher)
    for ch, i in zip(cipher, order):
        out[i] = ch
    return "".join(out)


def rle_encode(text):
    if not text:
        return ""
    out = []
    run_char, run = text[0], 1
    for ch in text[1:]:
        if ch == run_char:
            run += 1
        else:
            out.append(f"{run}{run_char}")
            run_char, run = ch, 1
    out.append(f"{run}{run_char}")
    return "".join(out)


def rle_decode(code):
    out, digits = [], ""
    for ch in code:
        if ch.isdigit():
            digits += ch
        else:
            out.append(ch * int(digits))
            digits = ""
    return "".join(out)


if __name__ == "__main__":
    message = "Defend the east wall of the castle, and attack at dawn before the enemy wakes!"
    secret = caesar(message, 11)
    print(secret)
    key, plain = break_caesar(secret)
    print("broken with key", key, "->", plain == message)
    v = vigenere(message, "LEMON")
    print(v)
    print(vigenere(v, "LEMON", decrypt=True) == message)
    print(atbash("Hello, World!"), atbash(atbash(message)) == message)
    r = rail_fence("WEAREDISCOVEREDFLEEATONCE", 3)
    print(r, rail_fence_decrypt(r, 3))
    code = rle_encode("WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW")
    print(code, rle_decode(code) == "WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW")
