# corpus: euler_problems - solutions of Project Euler problems 1-10 and 12, 15, 16, 20, 21, 25, the
#   way one writes them while learning: small functions, generators, sum() over comprehensions,
#   str(n) digit sums, a sieve.
# model: the problems at https://projecteuler.net/archives (statements CC BY-NC-SA 4.0) and
#   TheAlgorithms/Python, project_euler/ (https://github.com/TheAlgorithms/Python, MIT License).
#   Written independently for this corpus; no code copied. Adapted: problem 10 below 200,000
#   instead of 2,000,000, problem 12 for 200 divisors instead of 500, problem 16 for 2**60 and
#   problem 20 for 20! so that the numbers stay in 64 bits.
# license: pyscript's (this repository's)
# corpus-tags: generators, augmented-assign, str-methods

import math


def problem1(limit=1000):
    return sum(n for n in range(limit) if n % 3 == 0 or n % 5 == 0)


def fibonacci():
    a, b = 1, 2
    while True:
        yield a
        a, b = b, a + b


def problem2(limit=4_000_000):
    total = 0
    for f in fibonacci():
        if f > limit:
            break
        if f % 2 == 0:
            total += f
    return total


def problem3(n=600851475143):
    factor = 2
    while factor * factor <= n:
        while n % factor == 0 and n != factor:
            n //= factor
        factor += 1
    return n


def is_palindrome(n):
    s = str(n)
    return s == s[::-1]


def problem4():
    return max(a * b for a in range(100, 1000) for b in range(a, 1000, 11 if a % 11 else 1)
               if is_palindrome(a * b))


def problem5(n=20):
    result = 1
    for k in range(2, n + 1):
        result = result * k // math.gcd(result, k)
    return result


def problem6(n=100):
    return sum(range(n + 1)) ** 2 - sum(k * k for k in range(n + 1))


def sieve(limit):
    is_prime = [True] * (limit + 1)
    is_prime[0] = is_prime[1] = False
    for i in range(2, int(limit ** 0.5) + 1):
        if is_prime[i]:
            for j in range(i * i, limit + 1, i):
                is_prime[j] = False
    return [i for i, p in enumerate(is_prime) if p]


def problem7(n=10001):
    return sieve(120000)[n - 1]


def problem8(digits="7316717653133062491922511967442657474235534919493496983520312774506326239578318016984801869478851843858615607891129494954595017379583319528532088055111254069874715852386305071569329096329522744304355766896648950445244523161731856403098711121722383113622298934233803081353362766142828064444866452387493035890729629049156044077239071381051585930796086670172427121883998797908792274921901699720888093776657273330010533678812202354218097512545405947522435258490771167055601360483958644670632441572215539753697817977846174064955149290862569321978468622482839722413756570560574902614079729686524145351004748216637048440319989000889524345065854122758866688116427171479924442928230863465674813919123162824586178664583591245665294765456828489128831426076900422421902267105562632111110937054421750694165896040807198403850962455444362981230987879927244284909188845801561660979191338754992005240636899125607176060588611646710940507754100225698315520005593572972571636269561882670428252483600823257530420752963450"):
    best = 0
    for i in range(len(digits) - 12):
        product = 1
        for ch in digits[i:i + 13]:
            product *= int(ch)
        best = max(best, product)
    return best


def problem9(total=1000):
    for a in range(1, total // 3):
        for b in range(a + 1, total // 2):
            c = total - a - b
            if a * a + b * b == c * c:
                return a * b * c
    return None


def problem10(limit=200_000):
    return sum(sieve(limit))


def divisor_count(n):
    count = 0
    for d in range(1, int(math.isqrt(n)) + 1):
        if n % d == 0:
            count += 1 if d * d == n else 2
    return count


def problem12(target=200):
    n, triangle = 1, 1
    while divisor_count(triangle) <= target:
        n += 1
        triangle += n
    return triangle


def problem15(size=20):
    paths = [1] * (size + 1)
    for _ in range(size):
        for j in range(1, size + 1):
            paths[j] += paths[j - 1]
    return paths[-1]


def problem16(power=60):
    return sum(int(d) for d in str(2 ** power))


def problem20(n=20):
    return sum(map(int, str(math.factorial(n))))


def d(n):
    return sum(k for k in range(1, n // 2 + 1) if n % k == 0)


def problem21(limit=3000):
    sums = {n: d(n) for n in range(1, limit)}
    return sum(a for a, b in sums.items() if a != b and sums.get(b) == a)


def problem25(digits=15):
    for index, f in enumerate(fibonacci(), start=2):
        if len(str(f)) >= digits:
            return index
    return -1


if __name__ == "__main__":
    solutions = [problem1, problem2, problem3, problem4, problem5, problem6, problem7, problem8,
                 problem9, problem10, problem12, problem15, problem16, problem20, problem21, problem25]
    for solve in solutions:
        print(f"{solve.__name__:>10}: {solve()}")
