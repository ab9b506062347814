def report(step, loss):
    print(f"step {step:4d}: loss={loss:.3f}", "done" if step > 2 else "", sep=" | ")


report(3, 0.25)
