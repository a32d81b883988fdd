#!/usr/bin/python3
"""The PyTorch and NumPy side of bench/compare.sh.

Times torch.nn.MultiheadAttention's forward (eval mode, no autograd, one
thread, self-attention, need_weights=True with weights averaged over the
heads: the same call as bench/mha_bench.cpp) at the benchmark's shapes, and
the seeds' vectorised NumPy positional encoding at (2048, 512). Prints one
JSON object per timing, one per line:

  {"name": "mha/8x128x512x8", "real": [...], "cpu": [...]}

with the wall-clock and the CPU seconds (time.process_time) per iteration,
one value per repetition.

Run with Debian's interpreter, /usr/bin/python3 (python3-torch, python3-numpy),
and OPENBLAS_NUM_THREADS=1 so the BLAS stays on one core like the C++ side.
"""
import argparse
import json
import os
import sys
import time

# Before torch and numpy load their BLAS.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import torch  # noqa: E402

# (batch, seq, embed, heads), as in bench/mha_bench.cpp.
MHA_SHAPES = [(8, 128, 512, 8), (1, 1024, 512, 8), (32, 64, 256, 8), (8, 10, 32, 4)]
PE_SHAPE = (2048, 512)


def numpy_encoding(seq_len, d_model):
    """The seeds' vectorised formula: one frequency per pair, sin to the even
    columns and cos to the odd ones (d_model even here)."""
    pe = np.zeros((seq_len, d_model))
    position = np.arange(0, seq_len)[:, np.newaxis]
    frequency = np.exp(np.arange(0, d_model, 2) * -(np.log(10000.0) / d_model))
    pe[:, 0::2] = np.sin(position * frequency)
    pe[:, 1::2] = np.cos(position * frequency)
    return pe


def time_per_iteration(fn, min_seconds, repetitions):
    """Per-iteration (wall, CPU) seconds of `repetitions` runs, each repeating
    fn until it has used at least min_seconds of CPU (Google Benchmark's scheme)."""
    fn()  # warm-up: first-call allocations and kernel selection

    def run(iterations):
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(iterations):
            fn()
        return time.perf_counter() - wall, time.process_time() - cpu

    iterations = 1
    while True:  # find an iteration count that fills min_seconds
        wall, cpu = run(iterations)
        if cpu >= min_seconds:
            break
        iterations = max(iterations * 2, int(iterations * min_seconds / max(cpu, 1e-9) * 1.2))
    samples = [(wall / iterations, cpu / iterations)]
    for _ in range(repetitions - 1):
        wall, cpu = run(iterations)
        samples.append((wall / iterations, cpu / iterations))
    return {"real": [w for w, _ in samples], "cpu": [c for _, c in samples]}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--min-time", type=float, default=0.2, help="CPU seconds per repetition")
    parser.add_argument("--pe-out", help="write NumPy's (2048, 512) encoding here as raw float64, row-major")
    parser.add_argument("--only", choices=["mha", "pe"], help="time only one kind")
    args = parser.parse_args()

    torch.set_num_threads(1)
    torch.manual_seed(0)
    out = sys.stdout
    if args.only != "pe":
        for batch, seq, embed, heads in MHA_SHAPES:
            mha = torch.nn.MultiheadAttention(embed, heads, batch_first=True).eval()
            x = torch.randn(batch, seq, embed)

            def forward():
                with torch.no_grad():
                    mha(x, x, x, need_weights=True, average_attn_weights=True)

            samples = time_per_iteration(forward, args.min_time, args.repetitions)
            out.write(json.dumps({"name": f"mha/{batch}x{seq}x{embed}x{heads}", **samples}) + "\n")
            out.flush()
    if args.only != "mha":
        seq_len, d_model = PE_SHAPE
        samples = time_per_iteration(lambda: numpy_encoding(seq_len, d_model), args.min_time, args.repetitions)
        out.write(json.dumps({"name": f"pe/{seq_len}x{d_model}", **samples}) + "\n")
        if args.pe_out:
            numpy_encoding(seq_len, d_model).astype("<f8").tofile(args.pe_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
