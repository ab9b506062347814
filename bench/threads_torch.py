# PyTorch's side of bench/run_threads.py: the elementwise chain on 4M float32 and the seed MLP at
# batch 256, eager and torch.jit.script, on the intra-op thread count given (argv[1]).
import sys, time, torch
threads = int(sys.argv[1])
torch.set_num_threads(threads)


def best_time(fn, args, repeat, runs=5):
    for _ in range(3):
        fn(*args)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for _ in range(repeat):
            fn(*args)
        times.append((time.perf_counter() - t0) / repeat)
    return min(times)


def weights(rows, cols, phase):
    return (torch.sin(torch.arange(rows * cols, dtype=torch.float64) * 0.37 + phase).float() * 0.05).reshape(rows, cols)


def forward(x, w1, b1, w2, b2, w3, b3):
    h = torch.relu(x @ w1 + b1)
    h = torch.relu(h @ w2 + b2)
    return h @ w3 + b3


def chain(x, y):
    return torch.tanh(x * y + 1.0) * 0.5 - torch.maximum(x - y, torch.zeros(())) / (1.0 + y * y)


w = [weights(512, 256, 0.1), torch.zeros(256), weights(256, 128, 0.2), torch.full((128,), 0.01),
     weights(128, 2, 0.3), torch.zeros(2)]
x = torch.cos(torch.arange(256 * 512, dtype=torch.float64) * 0.11).float().reshape(256, 512)
ex = torch.linspace(-3.0, 3.0, 4194304)
ey = torch.cos(torch.arange(4194304, dtype=torch.float64) * 0.001).float()
with torch.inference_mode():
    for label, wrap in (("eager", lambda f: f), ("script", torch.jit.script)):
        print(label, "chain_ms", best_time(wrap(chain), (ex, ey), 5, runs=3) * 1e3)
        print(label, "mlp256_us", best_time(wrap(forward), [x] + w, 40) * 1e6)
print("version", torch.__version__)
