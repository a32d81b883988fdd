"""Side-by-side table for bench/compare.sh.

  compare_table.py RESULTS_DIR

RESULTS_DIR holds, per round r, Google Benchmark JSON files <program>.<r>.json
(one per C++ build of the reference) and torch.<r>.jsonl from torch_mha.py,
plus pe_cpp.bin and pe_numpy.bin (the (2048, 512) encodings as raw float64).
Prints medians over every repetition of every round, CPU time and wall time,
and the ratios to PyTorch / NumPy with the targets.
"""
import json
import re
import statistics
import sys
from array import array
from collections import defaultdict
from pathlib import Path

# name -> (target ratio C++ / Python, description); lower ratio = C++ faster.
TARGETS = {
    "mha/8x128x512x8": 0.8,
    "mha/1x1024x512x8": 0.8,
    "mha/32x64x256x8": 0.8,
    "mha/8x10x32x4": 0.25,
    "pe/2048x512": 1 / 3,
}


def read_cpp(path, into):
    data = json.loads(path.read_text())
    for b in data["benchmarks"]:
        if b.get("run_type") != "iteration":
            continue
        scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b.get("time_unit", "ns")]
        name = b.get("run_name", b["name"])
        into[name]["cpu"].append(b["cpu_time"] * scale)
        into[name]["real"].append(b["real_time"] * scale)


def read_python(path, into):
    for line in path.read_text().splitlines():
        if line.startswith("{"):
            d = json.loads(line)
            into[d["name"]]["cpu"] += d["cpu"]
            into[d["name"]]["real"] += d["real"]


def fmt_time(seconds):
    if seconds != seconds:
        return "-"
    if seconds >= 1e-2:
        return f"{seconds * 1e3:.1f} ms"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.0f} us"


def main():
    results = Path(sys.argv[1])
    programs = defaultdict(lambda: defaultdict(lambda: {"cpu": [], "real": []}))
    rounds = set()
    for f in sorted(results.glob("*.json")):
        match = re.match(r"(.+)\.(\d+)\.json$", f.name)
        if not match:
            continue  # flags.json
        program, r = match.groups()
        rounds.add(r)
        read_cpp(f, programs[program])
    python = defaultdict(lambda: {"cpu": [], "real": []})
    for f in sorted(results.glob("torch.*.jsonl")):
        read_python(f, python)
    order = [p for p in ("mha_bench", "mha_bench_student_flags", "mha_bench_native") if p in programs]
    flags = json.loads((results / "flags.json").read_text()) if (results / "flags.json").exists() else {}

    print(f"Medians over {len(rounds)} interleaved rounds (C++ and Python alternate); CPU time, wall time in brackets.")
    for p in order:
        print(f"  {p:<24} {flags.get(p, '')}")
    print("  torch / numpy            /usr/bin/python3, one thread (torch.set_num_threads(1), OPENBLAS_NUM_THREADS=1)")
    print("Ratios: C++ CPU time / Python CPU time (below 1: the C++ is faster).")
    label = {"mha_bench": "reference", "mha_bench_student_flags": "student flags", "mha_bench_native": "-march=native"}
    head = f"{'benchmark':<18}" + "".join(f"{label[p]:>26}" for p in order) + f"{'torch / numpy':>26}" + \
           "".join(f"{'ratio ' + label[p]:>22}" for p in order) + f"{'target':>9}"
    print(head)
    verdicts = []
    for name, target in TARGETS.items():
        py = python.get(name)
        py_cpu = statistics.median(py["cpu"]) if py and py["cpu"] else float("nan")
        py_real = statistics.median(py["real"]) if py and py["real"] else float("nan")
        row = f"{name:<18}"
        ratios = []
        for p in order:
            d = programs[p].get(name)
            cpu = statistics.median(d["cpu"]) if d else float("nan")
            real = statistics.median(d["real"]) if d else float("nan")
            row += f"{fmt_time(cpu) + ' (' + fmt_time(real) + ')':>26}"
            ratios.append(cpu / py_cpu)
        row += f"{fmt_time(py_cpu) + ' (' + fmt_time(py_real) + ')':>26}"
        row += "".join(f"{r:>22.2f}" for r in ratios)
        row += f"{'<= ' + format(target, '.2f'):>9}"
        print(row)
        if ratios:
            verdicts.append((name, ratios[0], target))

    cpp, numpy = results / "pe_cpp.bin", results / "pe_numpy.bin"
    if cpp.exists() and numpy.exists():
        a, b = array("d"), array("d")
        a.frombytes(cpp.read_bytes())
        b.frombytes(numpy.read_bytes())
        if len(a) != len(b):
            print(f"\npe/2048x512: C++ wrote {len(a)} values, NumPy {len(b)}")
        else:
            diff = max(abs(x - y) for x, y in zip(a, b))
            print(f"\npe/2048x512 agreement with NumPy: max |C++ - NumPy| = {diff:.3g} "
                  f"({'within' if diff <= 1e-12 else 'ABOVE'} 1e-12)")
    print("\nTargets (course reference, CPU time):")
    for name, ratio, target in verdicts:
        print(f"  {name:<18} {ratio:6.2f} {'<=' if ratio <= target else '> '} {target:.2f}  "
              f"{'met' if ratio <= target else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
