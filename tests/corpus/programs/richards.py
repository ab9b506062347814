# corpus: richards - the Richards benchmark: a tiny operating-system kernel simulation (an idle task,
#   a worker, two handlers and two devices passing packets through a priority scheduler).
# model: python/pyperformance, pyperformance/data-files/benchmarks/bm_richards/run_benchmark.py
#   (https://github.com/python/pyperformance, MIT License; after Martin Richards' BCPL benchmark).
#   Written independently for this corpus from the algorithm (task kinds, priorities, the expected
#   hold and queue counts 9297 and 23246); no code copied, since pyscript takes no third-party code.
#   Adapted: three runs of the scheduler, the counters printed instead of timed.
# license: pyscript's (this repository's)
# corpus-tags: classes, inheritance, global, augmented-assign, exceptions

IDLE, WORKER, HANDLER_A, HANDLER_B, DEVICE_A, DEVICE_B = range(1, 7)
DEVICE_PACKET = 1000
WORK_PACKET = 1001
BUFFER_SIZE = 4

trace_enabled = False
trace_column = 0


def trace(ch):
    global trace_column
    trace_column += 1
    if trace_column >= 50:
        print()
        trace_column = 0
    print(ch, end="")


class Packet:
    def __init__(self, next_packet, destination, kind):
        self.next = next_packet
        self.destination = destination
        self.kind = kind
        self.count = 0
        self.buffer = [0] * BUFFER_SIZE

    def enqueue_on(self, queue):
        """Append this packet to the end of `queue` (a packet or None); return the new head."""
        self.next = None
        if queue is None:
            return self
        tail = queue
        while tail.next is not None:
            tail = tail.next
        tail.next = self
        return queue


class Kernel:
    """The task table and the statistics the benchmark checks."""

    def __init__(self):
        self.tasks = {}
        self.first = None
        self.holds = 0
        self.queued = 0

    def lookup(self, ident):
        try:
            return self.tasks[ident]
        except KeyError:
            raise RuntimeError(f"no task with id {ident}")

    def run(self):
        task = self.first
        while task is not None:
            if task.blocked():
                task = task.next
            else:
                if trace_enabled:
                    trace(str(task.ident))
                task = task.step()


class Task:
    def __init__(self, kernel, ident, priority, queue, pending, waiting, holding):
        self.kernel = kernel
        self.ident = ident
        self.priority = priority
        self.queue = queue
        self.pending = pending
        self.waiting = waiting
        self.holding = holding
        self.next = kernel.first
        kernel.first = self
        kernel.tasks[ident] = self

    def blocked(self):
        return self.holding or (self.waiting and not self.pending)

    def step(self):
        packet = None
        if self.pending and self.waiting and not self.holding:
            packet = self.queue
            self.queue = packet.next
            self.waiting = False
            self.pending = self.queue is not None
        return self.handle(packet)

    def handle(self, packet):
        raise NotImplementedError(type(self).__name__)

    # Scheduler calls a task makes; each returns the task to run next.
    def wait(self):
        self.waiting = True
        return self

    def hold(self):
        self.kernel.holds += 1
        self.holding = True
        return self.next

    def release(self, ident):
        other = self.kernel.lookup(ident)
        other.holding = False
        return other if other.priority > self.priority else self

    def send(self, packet):
        target = self.kernel.lookup(packet.destination)
        self.kernel.queued += 1
        packet.next = None
        packet.destination = self.ident
        if target.queue is None:
            target.queue = packet
            target.pending = True
            if target.priority > self.priority:
                return target
        else:
            packet.enqueue_on(target.queue)
        return self


class IdleTask(Task):
    def __init__(self, kernel, count):
        super().__init__(kernel, IDLE, 0, None, False, False, False)
        self.seed = 1
        self.count = count

    def handle(self, packet):
        self.count -= 1
        if self.count == 0:
            return self.hold()
        if self.seed & 1 == 0:
            self.seed >>= 1
            return self.release(DEVICE_A)
        self.seed = (self.seed >> 1) ^ 0xD008
        return self.release(DEVICE_B)


class WorkerTask(Task):
    def __init__(self, kernel, queue):
        super().__init__(kernel, WORKER, 1000, queue, True, True, False)
        self.target = HANDLER_A
        self.letter = 0

    def handle(self, packet):
        if packet is None:
            return self.wait()
        self.target = HANDLER_B if self.target == HANDLER_A else HANDLER_A
        packet.destination = self.target
        packet.count = 0
        for i in range(BUFFER_SIZE):
            self.letter += 1
            if self.letter > 26:
                self.letter = 1
            packet.buffer[i] = ord("A") + self.letter - 1
        return self.send(packet)


class HandlerTask(Task):
    def __init__(self, kernel, ident, priority, queue):
        super().__init__(kernel, ident, priority, queue, True, True, False)
        self.work = None
        self.devices = None

    def handle(self, packet):
        if packet is not None:
            if packet.kind == WORK_PACKET:
                self.work = packet.enqueue_on(self.work)
            else:
                self.devices = packet.enqueue_on(self.devices)
        if self.work is None:
            return self.wait()
        index = self.work.count
        if index >= BUFFER_SIZE:
            done = self.work
            self.work = done.next
            return self.send(done)
        if self.devices is None:
            return self.wait()
        device = self.devices
        self.devices = device.next
        device.count = self.work.buffer[index]
        self.work.count = index + 1
        return self.send(device)


class DeviceTask(Task):
    def __init__(self, kernel, ident, priority):
        super().__init__(kernel, ident, priority, None, False, True, False)
        self.held = None

    def handle(self, packet):
        if packet is None:
            if self.held is None:
                return self.wait()
            done, self.held = self.held, None
            return self.send(done)
        self.held = packet
        if trace_enabled:
            trace(chr(packet.count))
        return self.hold()


def make_queue(destination, kind, length):
    queue = None
    for _ in range(length):
        queue = Packet(queue, destination, kind)
    return queue


def richards(iterations):
    results = []
    for _ in range(iterations):
        kernel = Kernel()
        IdleTask(kernel, 10000)
        WorkerTask(kernel, make_queue(0, WORK_PACKET, 2))
        HandlerTask(kernel, HANDLER_A, 2000, make_queue(DEVICE_A, DEVICE_PACKET, 3))
        HandlerTask(kernel, HANDLER_B, 3000, make_queue(DEVICE_B, DEVICE_PACKET, 3))
        DeviceTask(kernel, DEVICE_A, 4000)
        DeviceTask(kernel, DEVICE_B, 5000)
        kernel.run()
        results.append((kernel.holds, kernel.queued))
    return results


if __name__ == "__main__":
    for holds, queued in richards(3):
        status = "ok" if (holds, queued) == (9297, 23246) else "WRONG"
        print(f"holds={holds} queued={queued} {status}")
