"""Batch grading, timed: `grader grade DIR --gradebook tmp.db -j 2` on a
generated class, against the raw compile time of the class's unique student
files and against a naive clean CMake build + ctest per submission.

See bench/batch_bench.sh for the command line. The class (default 50
submissions of the whole course) mixes, in this order of frequency:
  correct   a copy of solutions/
  partial   solutions/ with one or two lessons' files replaced by the starter's
  starter   an untouched copy of starter/
  broken    solutions/ with one file made not to compile (a syntax error) or to
            crash the worker as it starts; the damage names the student, so
            every broken file is unique
With --class unique (or both, the default), a second class in which every
file of every submission is different, as when each student writes their own
code: each submission is solutions/ with some of the course's correct variants
(tests/mutants/*/*/ of kind variant) laid over it and, in one lesson of three,
a lesson left as the starter; then every code file is rewritten as that
student's (bench/lib/own_code.py: its locals renamed with the student's
number, adjacent independent declarations reordered, a comment of its own)
and gets a helper function named after the student, so that no two files
have the same tokens and no cache of any kind can share them.

The grader logs every compile, object-cache hit and link to GRADER_BUILD_LOG
(grader/build/worker_builder.cpp), which is how the number of compiles is
checked against the number of unique files.
"""
import argparse
import hashlib
import os
import random
import re
import shutil
import sqlite3
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import (COURSE, code_files, compile_command, fresh_dir, load_course, load_toolchain, machine,  # noqa: E402
                      median, print_machine, run_timed)
import naive  # noqa: E402
import own_code  # noqa: E402

SYNTAX_ERROR = "\nint broken_by_{id}( {{ return 0; }}  // a student's unfinished edit\n"
CRASH_AT_START = ("\n// A student's leftover debugging code: crashes as the worker starts.\n"
                  "static const int crash_{id} = [] {{ volatile int* p = nullptr; return *p; }}();\n")


def make_class(root, course_yaml, count, seed):
    """Writes count submissions under root/class/; returns [(name, kind)]."""
    rng = random.Random(seed)
    files = code_files(course_yaml)
    lessons = list(files)
    kinds = (["correct"] * 40 + ["partial"] * 24 + ["starter"] * 20 + ["broken"] * 16)
    plan = [kinds[(i * len(kinds)) // count] for i in range(count)]
    rng.shuffle(plan)
    out = []
    for i, kind in enumerate(plan):
        name = f"student{i + 1:03d}"
        ws = root / "class" / name
        shutil.copytree(COURSE / ("starter" if kind == "starter" else "solutions"), ws)
        if kind == "partial":
            for lesson in rng.sample(lessons, k=min(len(lessons), rng.choice([1, 2]))):
                for f in files[lesson]:
                    shutil.copy(COURSE / "starter" / f, ws / f)
        if kind == "broken":
            lesson = rng.choice(lessons)
            target = ws / rng.choice(files[lesson])
            damage = SYNTAX_ERROR if rng.random() < 0.5 else CRASH_AT_START
            with open(target, "a") as f:
                f.write(damage.format(id=name))
        out.append((name, kind))
    return out


# Appended to every code file of the unique class: a student's own helper,
# different tokens in every file (its name and its constant).
OWN_CODE = ("\nnamespace {{\n// {name}'s own check of {stem}, kept from debugging.\n"
            "[[maybe_unused]] int {name}_{stem}_check(int n) {{\n"
            "  int total = {number};\n  for (int i = 0; i < n; ++i) total += i * {number} % 7;\n  return total;\n}}\n}}\n")


def correct_variants():
    """[{relative path: source path}] of the course's correct variants (tests/mutants, kind variant)."""
    out = []
    for meta in sorted((COURSE / "tests" / "mutants").glob("*/*/mutant.yaml")):
        if not re.search(r"^kind:\s*variant\s*$", meta.read_text(), re.M):
            continue
        files = {str(f.relative_to(meta.parent)): f for f in meta.parent.rglob("*.cpp")}
        if files:
            out.append(files)
    return out


def make_unique_class(root, course_yaml, count, seed):
    """Writes count submissions under root/class/ in which every code file differs; returns [(name, kind)]."""
    rng = random.Random(seed)
    files = code_files(course_yaml)
    variants = correct_variants()
    keep = own_code.header_identifiers(h.read_text() for h in sorted((COURSE / "lessons").rglob("*.hpp")))
    out = []
    for i in range(count):
        name = f"student{i + 1:03d}"
        ws = root / "class" / name
        shutil.copytree(COURSE / "solutions", ws)
        taken = set()
        for variant in rng.sample(variants, k=min(len(variants), rng.randint(2, 8))):
            if taken & set(variant):
                continue
            for rel, src in variant.items():
                shutil.copy(src, ws / rel)
            taken |= set(variant)
        kind = "own code"
        if rng.random() < 1 / 3:
            lesson = rng.choice(list(files))
            for rel in files[lesson]:
                shutil.copy(COURSE / "starter" / rel, ws / rel)
            kind = "own code, one lesson unfinished"
        for lesson_files in files.values():
            for rel in lesson_files:
                stem = Path(rel).stem
                text = own_code.rewrite((ws / rel).read_text(), name, i + 1, rel, rng, keep)
                (ws / rel).write_text(text + OWN_CODE.format(name=name, stem=stem, number=i + 1))
        out.append((name, kind))
    return out


def unique_files(root, course_yaml, students):
    """{(relative path, sha256): path of one copy} over every submission's code files."""
    seen = {}
    for name, _ in students:
        for lesson_files in code_files(course_yaml).values():
            for rel in lesson_files:
                p = root / "class" / name / rel
                digest = hashlib.sha256(p.read_bytes()).hexdigest()
                seen.setdefault((rel, digest), p)
    return seen


def read_build_log(log):
    """Counts and wall seconds per kind from the grader's GRADER_BUILD_LOG."""
    counts, seconds = Counter(), Counter()
    if log.exists():
        for line in log.read_text().splitlines():
            kind, _, value = line.split(" ")
            counts[kind] += 1
            seconds[kind] += float(value)
    return counts, seconds


def load_now():
    return f"{os.getloadavg()[0]:.1f}"


def compile_alone(toolchain, uniques, root, max_files, samples, rng):
    """Raw compile time of the unique files, each alone with the grader's flags
    and no precompiled header, one after another. With more than max_files
    files, `samples` variants of each file path are timed and their median
    stands for every variant of that path (the variants of one file differ in a
    few lines; their compile times are within a few per cent)."""
    by_path = {}
    for (rel, _), path in sorted(uniques.items()):
        by_path.setdefault(rel, []).append(path)
    wall = cpu = 0.0
    failed = timed = 0
    for rel, paths in sorted(by_path.items()):
        picks = paths if len(uniques) <= max_files else rng.sample(paths, k=min(samples, len(paths)))
        walls, cpus = [], []
        for path in picks:
            t = run_timed(compile_command(toolchain, path, root / "alone.o"), check=False)
            walls.append(t.wall)
            cpus.append(t.cpu)
            failed += t.returncode != 0
            timed += 1
        if len(picks) == len(paths):
            wall += sum(walls)
            cpu += sum(cpus)
        else:
            wall += median(walls) * len(paths)
            cpu += median(cpus) * len(paths)
    return {"wall": wall, "cpu": cpu, "failed": failed, "timed": timed, "sampled": len(uniques) > max_files}


def run_class(args, toolchain, course_yaml, kind, root):
    """Generates one class, grades it, times its unique files alone; returns the measures."""
    students = (make_class if kind == "mixed" else make_unique_class)(root, course_yaml, args.count, args.seed)
    kinds = Counter(k for _, k in students)
    uniques = unique_files(root, course_yaml, students)
    code_file_count = sum(len(v) for v in code_files(course_yaml).values())
    print(f"\n== {kind} class: {args.count} submissions ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}); "
          f"{len(uniques)} unique student files of {args.count * code_file_count}; load {load_now()}", flush=True)

    def grade_class(grader, toolchain_json, tag):
        cache = fresh_dir(root / f"cache-{tag}")
        log = root / f"build-{tag}.log"
        log.unlink(missing_ok=True)
        env = dict(os.environ, GRADER_BUILD_LOG=str(log))
        manifest = ["--toolchain", toolchain_json] if toolchain_json else []
        book = root / f"grades-{tag}.db"
        book.unlink(missing_ok=True)
        g = run_timed([grader, *manifest, "--cache-dir", str(cache), "-j", str(args.jobs), "grade",
                       str(root / "class"), "--gradebook", str(book), "--batch"], env=env, check=False)
        if g.returncode != 0:
            print(g.output[-4000:])
            raise SystemExit(f"grader grade exited with {g.returncode}")
        return g, cache, log

    m = {"kind": kind, "unique": len(uniques), "load_start": load_now()}
    if args.baseline_grader:
        baseline, _, _ = grade_class(args.baseline_grader, args.baseline_toolchain, f"{kind}-baseline")
        m["baseline"] = baseline
        print(f"baseline grader: {baseline.wall:.1f} s wall, {baseline.cpu:.1f} s CPU; load {load_now()}", flush=True)
    g, cache, log = grade_class(args.grader or str(Path(args.build) / "bin" / "grader"), args.toolchain, kind)
    counts, seconds = read_build_log(log)
    m.update(grader=g, counts=counts, seconds=seconds, load_graded=load_now())
    # The class must grade as it was written: a rewrite that broke a file
    # would show here as a compile error instead of a graded lesson.
    with sqlite3.connect(root / f"grades-{kind}.db") as db:
        statuses = Counter(dict(db.execute("SELECT status, COUNT(*) FROM lesson_results GROUP BY status")))
        full = db.execute("SELECT COUNT(*) FROM lesson_results WHERE status = 'graded' AND score >= max_score - 1e-9").fetchone()[0]
    m.update(statuses=statuses, full_marks=full)
    print(f"lessons graded: {', '.join(f'{n} {s}' for s, n in sorted(statuses.items()))}; {full} at full marks", flush=True)
    print(f"grader: {g.wall:.1f} s wall, {g.cpu:.1f} s CPU; {counts['compile']} compiles + {counts['failed']} failed "
          f"({seconds['compile'] + seconds['failed']:.1f} s wall in the compiler), {counts['cached']} object-cache hits; "
          f"{counts['link']} links ({seconds['link']:.1f} s wall), {counts['linked-cached']} linked workers reused; "
          f"load {m['load_graded']}", flush=True)

    alone = compile_alone(toolchain, uniques, root, args.alone_max, args.alone_samples, random.Random(args.seed))
    m.update(alone=alone, load_alone=load_now())
    how = f"{alone['timed']} timed, the rest estimated from them" if alone["sampled"] else "each timed"
    print(f"unique files compiled alone, no precompiled header: {len(uniques)} ({how}; {alone['failed']} of those timed "
          f"do not compile), {alone['wall']:.1f} s wall, {alone['cpu']:.1f} s CPU; load {m['load_alone']}", flush=True)

    naive_samples = []
    picks = [n for n, k in students if k == "correct"][:1] + [n for n, k in students if k == "partial"][:1] + \
            [n for n, k in students if k == "broken"][:1]
    for name in picks[:args.naive]:
        d = fresh_dir(root / f"naive-{name}")
        src = naive.batch(course_yaml, toolchain, root / "class" / name, d / "src")
        # Naive means nothing reused between submissions: not even ccache.
        c = run_timed(["cmake", "-S", str(src), "-B", str(d / "build"), "-DCOURSE_USE_CCACHE=OFF"], check=False)
        b = run_timed(["cmake", "--build", str(d / "build"), "-j", "2", "--", "-k"], check=False)
        t = run_timed(["ctest", "--test-dir", str(d / "build"), "-j", "2"], check=False)
        naive_samples.append((c.wall + b.wall + t.wall, c.cpu + b.cpu + t.cpu))
        print(f"naive {name}: {naive_samples[-1][0]:.1f} s wall, {naive_samples[-1][1]:.1f} s CPU", flush=True)
        shutil.rmtree(d, ignore_errors=True)
    m["naive"] = naive_samples
    shutil.rmtree(root / "class", ignore_errors=True)
    return m


def print_results(args, m):
    g, alone, counts = m["grader"], m["alone"], m["counts"]
    print(f"\nResults, {m['kind']} class ({args.count} submissions, {m['unique']} unique files; load "
          f"{m['load_start']} / {m['load_graded']} / {m['load_alone']} at start / graded / compiled alone)")
    print(f"  submissions per minute          {args.count / g.wall * 60:8.1f}   (target >= 20 on 2 cores)")
    print(f"  grader wall / compile wall      {g.wall:8.1f} / {alone['wall']:.1f} s = {g.wall / alone['wall']:.2f}   "
          f"(every unique file compiled alone, one after another, no precompiled header; target <= 0.6 on the unique class)")
    print(f"  grader CPU / compile CPU        {g.cpu:8.1f} / {alone['cpu']:.1f} s = {g.cpu / alone['cpu']:.2f}")
    print(f"  submissions per minute, CPU     {args.count / (g.cpu / args.jobs) * 60:8.1f}   "
          f"(count / (grader CPU / {args.jobs}): the rate on {args.jobs} cores of our own)")
    if "baseline" in m:
        b = m["baseline"]
        print(f"  baseline grader                 {args.count / b.wall * 60:8.1f} submissions/minute; {b.wall:.1f} s wall, "
              f"{b.cpu:.1f} s CPU; wall / compile wall {b.wall / alone['wall']:.2f}")
    print(f"  compiles in the grader          {counts['compile']:8d}   (+{counts['failed']} failed; unique files: {m['unique']})")
    print(f"  lesson results                  {', '.join(f'{n} {s}' for s, n in sorted(m['statuses'].items()))}; "
          f"{m['full_marks']} at full marks")
    if m["naive"]:
        per_sub_wall = median([w for w, _ in m["naive"]])
        per_sub_cpu = median([c for _, c in m["naive"]])
        print(f"  naive, per submission           {per_sub_wall:8.1f} s wall, {per_sub_cpu:.1f} s CPU "
              f"(median of {len(m['naive'])}, extrapolated x{args.count})")
        print(f"  naive / grader                  {per_sub_wall * args.count / g.wall:8.1f} x wall, "
              f"{per_sub_cpu * args.count / g.cpu:.1f} x CPU   (target >= 10)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=str(COURSE / "build-bench"), help="configured and built course build folder")
    parser.add_argument("--class", dest="classes", choices=["mixed", "unique", "both"], default="both",
                        help="which class to grade: mixed (many identical files), unique (every file differs), both")
    parser.add_argument("--count", type=int, default=50, help="submissions in the class")
    parser.add_argument("--jobs", type=int, default=2, help="grader -j")
    parser.add_argument("--naive", type=int, default=0, help="submissions graded the naive way (0: skip)")
    parser.add_argument("--alone-max", type=int, default=100,
                        help="compile every unique file alone up to this many; past it, sample --alone-samples per path")
    parser.add_argument("--alone-samples", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--grader", help="grader executable to time (default: BUILD/bin/grader)")
    parser.add_argument("--toolchain", help="grader-toolchain.json to use (default: the grader's own)")
    parser.add_argument("--baseline-grader", help="another grader to time on the same class first (e.g. before a change)")
    parser.add_argument("--baseline-toolchain", help="the toolchain manifest for --baseline-grader")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()

    toolchain = load_toolchain(args.build)
    course_yaml = load_course()
    info = machine()
    print_machine(info)
    print(f"# student flags: {' '.join(toolchain['compile_flags'])}; grader -j {args.jobs}")
    root = Path(tempfile.mkdtemp(prefix="bench-batch-"))
    results = []
    try:
        for kind in (["mixed", "unique"] if args.classes == "both" else [args.classes]):
            results.append(run_class(args, toolchain, course_yaml, kind, root / kind))
    finally:
        if args.keep:
            print(f"kept {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)
    for m in results:
        print_results(args, m)
    return 0


if __name__ == "__main__":
    sys.exit(main())
