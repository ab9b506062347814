# corpus: knapsack - the 0/1 knapsack problem three ways: plain recursion with memoization
#   (functools.lru_cache), a bottom-up table with the chosen items reconstructed, and a
#   one-dimensional rolling array; plus the unbounded coin-change count and minimum coins.
# model: TheAlgorithms/Python, dynamic_programming/knapsack.py and coin_change.py
#   (https://github.com/TheAlgorithms/Python, MIT License). Written independently for this corpus;
#   no code copied.
# license: pyscript's (this repository's)
# corpus-tags: stdlib, closures, recursion, augmented-assign

from functools import lru_cache


def knapsack_memo(weights, values, capacity):
    @lru_cache(maxsize=None)
    def best(i, cap):
        if i == len(weights):
            return 0
        skip = best(i + 1, cap)
        if weights[i] > cap:
            return skip
        return max(skip, values[i] + best(i + 1, cap - weights[i]))
    return best(0, capacity)


def knapsack_table(weights, values, capacity):
    n = len(weights)
    dp = [[0] * (capacity + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        w, v = weights[i - 1], values[i - 1]
        for c in range(capacity + 1):
            dp[i][c] = dp[i - 1][c]
            if w <= c and dp[i - 1][c - w] + v > dp[i][c]:
                dp[i][c] = dp[i - 1][c - w] + v
    chosen = []
    c = capacity
    for i in range(n, 0, -1):
        if dp[i][c] != dp[i - 1][c]:
            chosen.append(i - 1)
            c -= weights[i - 1]
    return dp[n][capacity], sorted(chosen)


def knapsack_rolling(weights, values, capacity):
    dp = [0] * (capacity + 1)
    for w, v in zip(weights, values):
        for c in range(capacity, w - 1, -1):
            dp[c] = max(dp[c], dp[c - w] + v)
    return dp[capacity]


def coin_change_ways(coins, amount):
    ways = [1] + [0] * amount
    for coin in coins:
        for a in range(coin, amount + 1):
            ways[a] += ways[a - coin]
    return ways[amount]


def min_coins(coins, amount):
    INF = float("inf")
    best = [0] + [INF] * amount
    for a in range(1, amount + 1):
        for coin in coins:
            if coin <= a and best[a - coin] + 1 < best[a]:
                best[a] = best[a - coin] + 1
    return best[amount] if best[amount] != INF else -1


if __name__ == "__main__":
    weights = [12, 7, 11, 8, 9, 6, 14, 5, 10, 3, 4, 13]
    values = [24, 13, 23, 15, 16, 11, 28, 8, 19, 5, 9, 25]
    for cap in (26, 40, 60):
        a = knapsack_memo(tuple(weights), tuple(values), cap)
        b, items = knapsack_table(weights, values, cap)
        c = knapsack_rolling(weights, values, cap)
        print(f"capacity {cap}: {a} {b} {c} items {items} weight {sum(weights[i] for i in items)}")
    print("ways to make 100 from US coins:", coin_change_ways([1, 5, 10, 25, 50], 100))
    print("ways to make 200p from UK coins:", coin_change_ways([1, 2, 5, 10, 20, 50, 100, 200], 200))
    for coins, amount in (([1, 3, 4], 6), ([2], 3), ([186, 419, 83, 408], 6249)):
        print(f"min coins {coins} for {amount}: {min_coins(coins, amount)}")
