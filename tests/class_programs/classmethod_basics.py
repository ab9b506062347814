class Temp:
    SCALE = "C"

    def __init__(self, degrees):
        self.degrees = degrees

    @classmethod
    def from_fahrenheit(cls, f):
        return cls((f - 32) * 5 / 9)

    @classmethod
    def freezing(cls):
        t = cls.from_fahrenheit(32.0)
        return t

    @classmethod
    def scale(cls):
        return cls.SCALE

    def __repr__(self):
        return f"Temp({self.degrees:.1f}{self.SCALE})"


print(Temp.from_fahrenheit(212.0), Temp.freezing(), Temp.scale())
t = Temp(20.0)
print(t.from_fahrenheit(50.0), [Temp.from_fahrenheit(x) for x in (0.0, 100.0)])
