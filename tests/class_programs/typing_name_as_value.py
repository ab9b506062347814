# expect-error: 5:5 Optional
from typing import Optional

print(1)
x = Optional
