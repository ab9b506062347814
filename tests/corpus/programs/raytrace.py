# corpus: raytrace - a small ray tracer: spheres and a checkered plane, Lambert and Phong shading,
#   reflections, shadows; renders a 40x30 image and prints a checksum and an ASCII preview.
# model: python/pyperformance, pyperformance/data-files/benchmarks/bm_raytrace/run_benchmark.py
#   (commit 823bd532f3313301d335a2d25060d2d31bd71bbd, MIT License; after Carl Friedrich Bolz's
#   ray tracer). Written independently for this corpus in the style of its model (vector class with
#   operator methods, shapes, a scene, a canvas); no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, lambda, augmented-assign, inheritance, operators

import math

EPSILON = 0.00001


class Vector(object):
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def __repr__(self):
        return "Vector(%s, %s, %s)" % (self.x, self.y, self.z)

    def dot(self, other):
        other.must_be_vector()
        return self.x * other.x + self.y * other.y + self.z * other.z

    def magnitude(self):
        return math.sqrt(self.dot(self))

    def __add__(self, other):
        if other.is_zero():
            return self
        return Vector(self.x + other.x, self.y + other.y, self.z + other.z)

    def __sub__(self, other):
        return Vector(self.x - other.x, self.y - other.y, self.z - other.z)

    def scale(self, k):
        return Vector(self.x * k, self.y * k, self.z * k)

    def cross(self, other):
        return Vector(self.y * other.z - self.z * other.y,
                      self.z * other.x - self.x * other.z,
                      self.x * other.y - self.y * other.x)

    def normalized(self):
        return self.scale(1.0 / self.magnitude())

    def negated(self):
        return self.scale(-1)

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y and self.z == other.z

    def is_zero(self):
        return self.x == 0 and self.y == 0 and self.z == 0

    def must_be_vector(self):
        return self

    def reflect_through(self, normal):
        d = normal.scale(self.dot(normal))
        return self - d.scale(2)


class Point(Vector):
    def must_be_vector(self):
        raise TypeError("a point is not a vector")

    def __sub__(self, other):
        # point - point is a vector; point - vector is a point
        if isinstance(other, Point):
            return Vector(self.x - other.x, self.y - other.y, self.z - other.z)
        return Point(self.x - other.x, self.y - other.y, self.z - other.z)

    def __add__(self, other):
        return Point(self.x + other.x, self.y + other.y, self.z + other.z)


ZERO = Vector(0, 0, 0)
RIGHT = Vector(1, 0, 0)
UP = Vector(0, 1, 0)
OUT = Vector(0, 0, 1)


class Ray(object):
    def __init__(self, point, vector):
        self.point = point
        self.vector = vector.normalized()

    def point_at(self, t):
        return self.point + self.vector.scale(t)


class Shape(object):
    def intersection_time(self, ray):
        raise NotImplementedError

    def normal_at(self, p):
        raise NotImplementedError


class Sphere(Shape):
    def __init__(self, centre, radius):
        self.centre = centre
        self.radius = radius

    def intersection_time(self, ray):
        cp = self.centre - ray.point
        v = cp.dot(ray.vector)
        discriminant = self.radius * self.radius - (cp.dot(cp) - v * v)
        if discriminant < 0:
            return None
        return v - math.sqrt(discriminant)

    def normal_at(self, p):
        return (p - self.centre).normalized()


class Halfspace(Shape):
    def __init__(self, point, normal):
        self.point = point
        self.normal = normal.normalized()

    def intersection_time(self, ray):
        v = ray.vector.dot(self.normal)
        if v:
            return (self.point - ray.point).dot(self.normal) / v
        return None

    def normal_at(self, p):
        return self.normal


class SimpleSurface(object):
    def __init__(self, base_colour=(1, 1, 1), specular=0.2, lambert=0.6, ambient=None):
        self.base_colour = base_colour
        self.specular = specular
        self.lambert = lambert
        self.ambient = ambient if ambient is not None else 1 - specular - lambert

    def base_colour_at(self, p):
        return self.base_colour

    def colour_at(self, scene, ray, p, normal):
        b = self.base_colour_at(p)
        c = (0, 0, 0)
        if self.specular > 0:
            reflected = Ray(p, ray.vector.reflect_through(normal))
            reflected_colour = scene.ray_colour(reflected)
            c = add_colours(c, self.specular, reflected_colour)
        if self.lambert > 0:
            lambert_amount = 0
            for light in scene.visible_lights(p):
                contribution = (light - p).normalized().dot(normal)
                if contribution > 0:
                    lambert_amount += contribution
            lambert_amount = min(1, lambert_amount)
            c = add_colours(c, self.lambert * lambert_amount, b)
        if self.ambient > 0:
            c = add_colours(c, self.ambient, b)
        return c


class CheckerboardSurface(SimpleSurface):
    def __init__(self, other_colour=(0, 0, 0), check_size=1, **kwargs):
        super().__init__(**kwargs)
        self.other_colour = other_colour
        self.check_size = check_size

    def base_colour_at(self, p):
        v = p - ZERO
        v = v.scale(1.0 / self.check_size)
        if (int(abs(v.x) + 0.5) + int(abs(v.y) + 0.5) + int(abs(v.z) + 0.5)) % 2:
            return self.other_colour
        return self.base_colour


def add_colours(a, scale, b):
    return (a[0] + scale * b[0], a[1] + scale * b[1], a[2] + scale * b[2])


class Scene(object):
    def __init__(self):
        self.objects = []
        self.light_points = []
        self.position = Point(0, 1.8, 10)
        self.look_at = Point(0, 3, 0)
        self.field_of_view = 45
        self.recursion_depth = 0

    def add_object(self, shape, surface):
        self.objects.append((shape, surface))

    def add_light(self, p):
        self.light_points.append(p)

    def render(self, canvas):
        fov_radians = math.pi * (self.field_of_view / 2.0) / 180.0
        half_width = math.tan(fov_radians)
        half_height = 0.75 * half_width
        width = half_width * 2
        height = half_height * 2
        pixel_width = width / (canvas.width - 1)
        pixel_height = height / (canvas.height - 1)

        eye = Ray(self.position, self.look_at - self.position)
        vp_right = eye.vector.cross(UP).normalized()
        vp_up = vp_right.cross(eye.vector).normalized()

        for y in range(canvas.height):
            for x in range(canvas.width):
                x_comp = vp_right.scale(x * pixel_width - half_width)
                y_comp = vp_up.scale(y * pixel_height - half_height)
                ray = Ray(eye.point, eye.vector + x_comp + y_comp)
                colour = self.ray_colour(ray)
                canvas.plot(x, y, *colour)

    def ray_colour(self, ray):
        if self.recursion_depth > 3:
            return (0, 0, 0)
        try:
            self.recursion_depth += 1
            intersections = [(o.intersection_time(ray), o, s) for (o, s) in self.objects]
            hits = [i for i in intersections if i[0] is not None and i[0] > EPSILON]
            if not hits:
                return (0, 0, 0)
            t, shape, surface = min(hits, key=lambda h: h[0])
            p = ray.point_at(t)
            return surface.colour_at(self, ray, p, shape.normal_at(p))
        finally:
            self.recursion_depth -= 1

    def first_hit(self, ray):
        best = None
        for shape, surface in self.objects:
            t = shape.intersection_time(ray)
            if t is not None and t > EPSILON and (best is None or t < best[0]):
                best = (t, shape)
        return best

    def visible_lights(self, p):
        result = []
        for light in self.light_points:
            hit = self.first_hit(Ray(p, light - p))
            if hit is None:
                result.append(light)
        return result


class Canvas(object):
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.pixels = [[(0, 0, 0)] * width for _ in range(height)]

    def plot(self, x, y, r, g, b):
        self.pixels[self.height - 1 - y][x] = (r, g, b)

    def checksum(self):
        total = 0
        for row in self.pixels:
            for r, g, b in row:
                total += int(255 * min(1, r)) + 2 * int(255 * min(1, g)) + 3 * int(255 * min(1, b))
        return total

    def ascii(self):
        shades = " .:-=+*#%@"
        lines = []
        for row in self.pixels[::2]:
            line = ""
            for r, g, b in row:
                level = min(1.0, (r + g + b) / 3)
                line += shades[int(level * (len(shades) - 1))]
            lines.append(line)
        return "\n".join(lines)


def build_scene():
    s = Scene()
    s.add_light(Point(30, 30, 10))
    s.add_light(Point(-10, 100, 30))
    s.look_at = Point(0, 3, 0)
    s.add_object(Sphere(Point(1, 3, -10), 2), SimpleSurface(base_colour=(1, 1, 0)))
    for y in range(6):
        s.add_object(Sphere(Point(-3 - y * 0.4, 2.3, -5), 0.4),
                     SimpleSurface(base_colour=(y / 6.0, 1 - y / 6.0, 0.5)))
    s.add_object(Halfspace(Point(0, 0, 0), UP),
                 CheckerboardSurface(check_size=2))
    return s


if __name__ == "__main__":
    canvas = Canvas(40, 30)
    build_scene().render(canvas)
    print("checksum:", canvas.checksum())
    print(canvas.ascii())
    try:
        Point(1, 2, 3).dot(Point(0, 0, 1))
    except TypeError as e:
        print("refused:", e)
