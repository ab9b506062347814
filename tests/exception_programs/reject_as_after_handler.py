# expect-error-or-runtime-error: 6:7
try:
    x = int("a")
except ValueError as e:
    print("handled")
print(e)
