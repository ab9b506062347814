# expect-error: 5:13 ABC
import abc


class Shape(ABC):
    pass


print(1)
