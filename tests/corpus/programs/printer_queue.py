# corpus: printer_queue - a discrete-time simulation of a shared printer: a Queue class built on a
#   list, Task objects with random page counts and timestamps, a Printer class with a page rate,
#   average waiting times for two printing speeds over seeded runs.
# model: Miller & Ranum, "Problem Solving with Algorithms and Data Structures using Python",
#   section 4.13 "Simulation: Printing Tasks" (https://runestone.academy/ns/books/published/pythonds/
#   BasicDS/SimulationPrintingTasks.html, CC BY-NC-SA 4.0). Written independently for this corpus;
#   no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes


import random


class Queue:
    def __init__(self):
        self.items = []

    def is_empty(self):
        return self.items == []

    def enqueue(self, item):
        self.items.insert(0, item)

    def dequeue(self):
        return self.items.pop()

    def size(self):
        return len(self.items)


class Printer:
    def __init__(self, ppm):
        self.page_rate = ppm
        self.current_task = None
        self.time_remaining = 0

    def tick(self):
        if self.current_task is not None:
            self.time_remaining = self.time_remaining - 1
            if self.time_remaining <= 0:
                self.current_task = None

    def busy(self):
        return self.current_task is not None

    def start_next(self, new_task):
        self.current_task = new_task
        self.time_remaining = new_task.get_pages() * 60 // self.page_rate


class Task:
    def __init__(self, time):
        self.timestamp = time
        self.pages = random.randrange(1, 21)

    def get_stamp(self):
        return self.timestamp

    def get_pages(self):
        return self.pages

    def wait_time(self, current_time):
        return current_time - self.timestamp


def new_print_task():
    num = random.randrange(1, 181)
    return num == 180


def simulation(num_seconds, pages_per_minute):
    lab_printer = Printer(pages_per_minute)
    print_queue = Queue()
    waiting_times = []
    for current_second in range(num_seconds):
        if new_print_task():
            task = Task(current_second)
            print_queue.enqueue(task)
        if (not lab_printer.busy()) and (not print_queue.is_empty()):
            next_task = print_queue.dequeue()
            waiting_times.append(next_task.wait_time(current_second))
            lab_printer.start_next(next_task)
        lab_printer.tick()
    average_wait = sum(waiting_times) / len(waiting_times) if waiting_times else 0.0
    return average_wait, print_queue.size()


if __name__ == "__main__":
    random.seed(10)
    for ppm in (5, 10):
        for i in range(5):
            average_wait, remaining = simulation(3600, ppm)
            print("ppm %2d: average wait %6.2f secs %3d tasks remaining." % (ppm, average_wait, remaining))
