# expect-error-or-runtime-error: 3:7
x = 5
raise x
