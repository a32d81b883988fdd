"""Shared pieces of the benchmark drivers (student_loop.py, batch_bench.py).

Timing on a shared machine: every measurement records wall time and the CPU
time (user + system) of the processes it started, read from
getrusage(RUSAGE_CHILDREN). Wall time is what a person waits; CPU time barely
moves when other jobs compete for the cores, so ratios are given for both.
"""
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import time
from pathlib import Path

import yaml  # Debian: python3-yaml

COURSE = Path(__file__).resolve().parents[2]


class Timed:
    def __init__(self, wall, cpu, returncode, output):
        self.wall = wall
        self.cpu = cpu
        self.returncode = returncode
        self.output = output


def run_timed(argv, cwd=None, env=None, check=True, stdin=subprocess.DEVNULL):
    """Runs argv to completion; returns wall and children's CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, env=env, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          errors="replace")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if check and proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(map(str, argv))} exited with {proc.returncode}:\n{proc.stdout[-3000:]}")
    return Timed(wall, cpu, proc.returncode, proc.stdout)


def median(values):
    return statistics.median(values) if values else float("nan")


def load_toolchain(build):
    path = Path(build) / "bin" / "grader-toolchain.json"
    if not path.exists():
        raise SystemExit(f"{path} is missing: configure and build {build} first (see bench/README.md)")
    return json.loads(path.read_text())


def load_course(course=COURSE):
    return yaml.safe_load((Path(course) / "course.yaml").read_text())


def lesson_files(course_yaml, lesson_id, with_uses=True):
    """Student files of a lesson (code and quiz), plus those of the lessons it uses."""
    lessons = {l["id"]: l for l in course_yaml["lessons"]}
    ids = ([*lessons[lesson_id].get("uses", [])] if with_uses else []) + [lesson_id]
    files = []
    for i in ids:
        for e in lessons[i]["exercises"]:
            for f in e.get("files", []):
                if f not in files:
                    files.append(f)
    return files


def code_files(course_yaml):
    """Every student .cpp file of the course, lesson by lesson."""
    out = {}
    for lesson in course_yaml["lessons"]:
        for e in lesson["exercises"]:
            if e.get("kind", "code") != "code":
                continue
            for f in e.get("files", []):
                out.setdefault(lesson["id"], [])
                if f not in out[lesson["id"]]:
                    out[lesson["id"]].append(f)
    return out


def compile_command(toolchain, source, obj):
    """The grader's exact compile line for one student file (WorkerBuilder::build)."""
    argv = [toolchain["compiler"], *toolchain["compile_flags"]]
    argv += ["-I" + d for d in toolchain["include_dirs"]]
    for d in toolchain["system_include_dirs"]:
        argv += ["-isystem", d]
    argv += ["-fdiagnostics-color=never", "-c", str(source), "-o", str(obj)]
    return argv


def touch_comment(path, tag):
    """Changes the file's bytes (so its hash changes) without changing its code."""
    with open(path, "a") as f:
        f.write(f"// edited for the benchmark: {tag}\n")


def machine():
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    compiler = subprocess.run(["c++", "--version"], stdout=subprocess.PIPE, text=True).stdout.splitlines()[0]
    load = os.getloadavg()
    return {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "nproc": os.cpu_count(),
        "cpu": model,
        "compiler": compiler,
        "kernel": platform.release(),
        "load": f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f}",
    }


def print_machine(info):
    print(f"# {info['date']}  nproc {info['nproc']}  CPU {info['cpu']}  {info['compiler']}  load average {info['load']}")


def fresh_dir(path):
    shutil.rmtree(path, ignore_errors=True)
    Path(path).mkdir(parents=True)
    return Path(path)
