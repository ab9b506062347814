# expect-error: 4:5 typing.Any
import typing

a = typing.Any
