# corpus: dp_strings - dynamic programming on strings: Levenshtein edit distance with the
#   alignment recovered from the table, longest common subsequence, longest common substring and
#   longest palindromic subsequence, on word pairs and DNA-like strings.
# model: TheAlgorithms/Python, dynamic_programming/edit_distance.py,
#   longest_common_subsequence.py and longest_common_substring.py
#   (https://github.com/TheAlgorithms/Python, MIT License). Written independently for this corpus;
#   no code copied.
# license: pyscript's (this repository's)
# corpus-tags: str-methods, augmented-assign


def edit_distance(a, b):
    m, n = len(a), len(b)
    dp = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(m + 1):
        dp[i][0] = i
    for j in range(n + 1):
        dp[0][j] = j
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            dp[i][j] = min(dp[i - 1][j] + 1, dp[i][j - 1] + 1, dp[i - 1][j - 1] + cost)
    # walk back through the table
    i, j = m, n
    ops = []
    while i > 0 or j > 0:
        if i > 0 and j > 0 and dp[i][j] == dp[i - 1][j - 1] + (a[i - 1] != b[j - 1]):
            ops.append("=" if a[i - 1] == b[j - 1] else "~")
            i -= 1
            j -= 1
        elif i > 0 and dp[i][j] == dp[i - 1][j] + 1:
            ops.append("-")
            i -= 1
        else:
            ops.append("+")
            j -= 1
    return dp[m][n], "".join(reversed(ops))


def lcs(a, b):
    m, n = len(a), len(b)
    L = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(m):
        for j in range(n):
            L[i + 1][j + 1] = L[i][j] + 1 if a[i] == b[j] else max(L[i][j + 1], L[i + 1][j])
    out = []
    i, j = m, n
    while i and j:
        if a[i - 1] == b[j - 1]:
            out.append(a[i - 1])
            i -= 1
            j -= 1
        elif L[i - 1][j] >= L[i][j - 1]:
            i -= 1
        else:
            j -= 1
    return "".join(reversed(out))


def longest_common_substring(a, b):
    best, end = 0, 0
    prev = [0] * (len(b) + 1)
    for i in range(1, len(a) + 1):
        cur = [0] * (len(b) + 1)
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                cur[j] = prev[j - 1] + 1
                if cur[j] > best:
                    best, end = cur[j], i
        prev = cur
    return a[end - best:end]


def longest_palindromic_subsequence(s):
    return len(lcs(s, s[::-1]))


def pseudo_dna(n, seed):
    out = []
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2 ** 31
        out.append("ACGT"[(seed >> 16) % 4])
    return "".join(out)


if __name__ == "__main__":
    for a, b in [("kitten", "sitting"), ("intention", "execution"), ("", "abc"), ("flaw", "lawn"),
                 ("sunday", "saturday")]:
        dist, ops = edit_distance(a, b)
        print(f"{a!r:12} -> {b!r:12} distance {dist} ops {ops}")
    print(repr(lcs("AGGTAB", "GXTXAYB")), repr(lcs("ABCBDAB", "BDCABA")))
    print(repr(longest_common_substring("xabxac", "abcabxabcd")))
    print(longest_palindromic_subsequence("character"), longest_palindromic_subsequence("bbbab"))
    x, y = pseudo_dna(300, 1), pseudo_dna(300, 2)
    print(x[:30], y[:30])
    print(edit_distance(x, y)[0], len(lcs(x, y)), longest_common_substring(x, y))
