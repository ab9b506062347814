# expect-error: 4:6 map() is supported as the argument of
# map's iterator is lazy: kept in a variable, its calls would happen later than pyscript's list
words = ["1", "2"]
it = map(int, words)
words.append("3")
print(list(it))
