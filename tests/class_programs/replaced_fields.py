# A field replaced by a new object made from the old one (Note [Reusing a dropped object]) and
# objects read without a count of their own (Note [Borrowed references]): whoever still holds the
# old object sees it unchanged, `is` tells old from new, and reads across calls that change fields
# see the new values.


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)


class Body:
    def __init__(self, pos, vel):
        self.pos = pos
        self.vel = vel

    def step(self, dt):
        self.pos = self.pos + self.vel * dt

    def speed2(self):
        return self.vel.x * self.vel.x + self.vel.y * self.vel.y


class Node:
    def __init__(self, value, next):
        self.value = value
        self.next = next


def kick(b, k):
    b.vel = b.vel * k
    return b.vel.x


def total(head):
    s = 0
    n = head
    while n is not None:
        s = s + n.value
        n = n.next
    return s


def main():
    b = Body(Vec(0.0, 0.0), Vec(1.0, 2.0))
    kept = b.pos
    b.step(0.5)
    print(kept.x, kept.y, b.pos.x, b.pos.y, kept is b.pos)
    for i in range(3):
        b.step(0.25)
    print(b.pos.x, b.pos.y)
    same = b.vel
    b.vel = b.vel
    print(same is b.vel)
    b.vel = b.vel + Vec(1.0, 1.0)
    print(same.x, same.y, b.vel.x, b.vel.y, same is b.vel)
    # A read of b.vel whose span holds a call that replaces it.
    v = b.vel
    x = kick(b, 2.0)
    print(v.x, x, b.vel.x, v is b.vel)
    bodies = [Body(Vec(float(i), 0.0), Vec(0.0, 1.0)) for i in range(3)]
    shared = Vec(5.0, 5.0)
    bodies[0].vel = shared
    bodies[1].vel = shared
    for t in range(2):
        for bb in bodies:
            bb.pos = bb.pos + bb.vel * 0.5
            bb.vel = bb.vel * 2.0
    print([(bb.pos.x, bb.pos.y, bb.vel.x) for bb in bodies], shared.x, bodies[0].vel is bodies[1].vel)
    print(b.speed2())
    # Linked nodes: the head's next replaced by a new node built around the old one.
    head = Node(1, Node(2, None))
    old = head.next
    head.next = Node(10, head.next)
    print(total(head), old.value, head.next.next is old)
    head.next = Node(20, None)
    print(total(head), old.value, old.next is None)
    lonely = Node(3, Node(4, None))
    lonely.next = Node(5, None)
    print(total(lonely))
    pairs = [(bodies[0], bodies[1]), (bodies[1], bodies[2])]
    for p, q in pairs:
        p.vel = p.vel + q.vel
        q.vel = q.vel * 0.5
    print([(bb.vel.x, bb.vel.y) for bb in bodies], shared.x)


main()
