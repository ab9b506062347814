# abc.ABC with an abstract property and an abstract static method: the abstract bodies never type a call.
from abc import ABC, abstractmethod
import abc


class Animal(abc.ABC):
    @property
    @abstractmethod
    def sound(self):
        pass

    @staticmethod
    @abc.abstractmethod
    def kind():
        pass

    def speak(self):
        return self.sound + "!"


class Dog(Animal):
    @property
    def sound(self):
        return "woof"

    @staticmethod
    def kind():
        return "dog"


class Cat(Animal):
    @property
    def sound(self):
        return "meow"


d = Dog()
print(d.speak(), d.kind(), isinstance(d, Animal))
try:
    Cat()
except TypeError as e:
    print(e)
