# round(x, n) for n beyond 22 digits still rounds from the exact decimal expansion (regression
# from the random program tests: 6.000000000000001e-13 with n=25 must print 6e-13).
def r(x, n):
    return round(x, n)


print(r(6.000000000000001e-13, 25), r(8.300000000000001e-13, 24), r(3.3333333333333334e-14, 23))
print(r(2.5, 0), r(3.5, 0), r(-0.125, 2), r(1234.5678, -2), r(1e-300, 400), r(123.0, -400))
print(r(-8.67125555942505e-11, 23), r(-6.3412153707884e+18, -1), r(7.276464195259233e+19, -3))
print(r(1250.5, -2), r(1250.0, -2), r(1350.0, -2), r(-1250.0, -2), r(49.99, -2), r(50.0, -2), r(150.0, -2))
