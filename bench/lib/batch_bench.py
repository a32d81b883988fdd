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
The grader logs every compile, object-cache hit and link to GRADER_BUILD_LOG
(grader/build/worker_builder.cpp), which is how the number of compiles is
checked against the number of unique files.
"""
import argparse
import hashlib
import os
import random
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import (COURSE, code_files, compile_command, fresh_dir, load_course, load_toolchain, machine,  # noqa: E402
                      median, print_machine, run_timed)
import naive  # noqa: E402

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


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=str(COURSE / "build-bench"), help="configured and built course build folder")
    parser.add_argument("--count", type=int, default=50, help="submissions in the class")
    parser.add_argument("--jobs", type=int, default=2, help="grader -j")
    parser.add_argument("--naive", type=int, default=2, help="submissions graded the naive way (0: skip)")
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
    try:
        students = make_class(root, course_yaml, args.count, args.seed)
        kinds = Counter(k for _, k in students)
        uniques = unique_files(root, course_yaml, students)
        lessons = [l["id"] for l in course_yaml["lessons"]]
        print(f"class: {args.count} submissions ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}); "
              f"lessons {', '.join(lessons)}; {len(uniques)} unique student files", flush=True)

        # 1. The grader on the whole class, from an empty object cache.
        def grade_class(grader, toolchain_json, tag):
            cache = fresh_dir(root / f"cache-{tag}")
            log = root / f"build-{tag}.log"
            env = dict(os.environ, GRADER_BUILD_LOG=str(log))
            manifest = ["--toolchain", toolchain_json] if toolchain_json else []
            g = run_timed([grader, *manifest, "--cache-dir", str(cache), "-j", str(args.jobs), "grade",
                           str(root / "class"), "--gradebook", str(root / f"grades-{tag}.db"), "--batch"], env=env,
                          check=False)
            if g.returncode != 0:
                print(g.output[-4000:])
                raise SystemExit(f"grader grade exited with {g.returncode}")
            return g, cache, log

        baseline = None
        if args.baseline_grader:
            baseline, _, _ = grade_class(args.baseline_grader, args.baseline_toolchain, "baseline")
            print(f"baseline grader: {baseline.wall:.1f} s wall, {baseline.cpu:.1f} s CPU", flush=True)
        g, cache, log = grade_class(args.grader or str(Path(args.build) / "bin" / "grader"), args.toolchain, "grader")
        counts, seconds = read_build_log(log)
        objects = len(list((cache / "objects").glob("*.o")))
        print(f"grader: {g.wall:.1f} s wall, {g.cpu:.1f} s CPU; {counts['compile']} compiles + {counts['failed']} failed "
              f"({seconds['compile'] + seconds['failed']:.1f} s wall in the compiler), {counts['cached']} object-cache hits; "
              f"{counts['link']} links ({seconds['link']:.1f} s wall), {counts['linked-cached']} linked workers reused; "
              f"{objects} objects cached", flush=True)

        # 2. Raw compile time of the unique files, each once, alone.
        alone_wall = alone_cpu = 0.0
        failed = 0
        for (rel, _), path in sorted(uniques.items()):
            t = run_timed(compile_command(toolchain, path, root / "alone.o"), check=False)
            alone_wall += t.wall
            alone_cpu += t.cpu
            failed += t.returncode != 0
        print(f"unique files compiled alone: {len(uniques)} ({failed} do not compile), {alone_wall:.1f} s wall, "
              f"{alone_cpu:.1f} s CPU", flush=True)

        # 3. The naive way on a few submissions, extrapolated to the class.
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
            total_wall, total_cpu = c.wall + b.wall + t.wall, c.cpu + b.cpu + t.cpu
            naive_samples.append((total_wall, total_cpu))
            summary = next((l.strip() for l in t.output.splitlines() if "tests passed" in l), "no ctest summary")
            print(f"naive {name}: configure {c.wall:.1f} s, build {b.wall:.1f} s, ctest {t.wall:.1f} s "
                  f"= {total_wall:.1f} s wall, {total_cpu:.1f} s CPU; ctest: {summary}", flush=True)
            shutil.rmtree(d, ignore_errors=True)

        per_minute = args.count / g.wall * 60
        overhead_cpu = g.cpu / alone_cpu - 1
        ideal_wall = alone_wall / args.jobs
        overhead_wall = g.wall / ideal_wall - 1
        print("\nResults")
        print(f"  submissions per minute          {per_minute:8.1f}   (target >= 20 on 2 cores)")
        print(f"  grader CPU / unique-compile CPU {g.cpu:8.1f} / {alone_cpu:.1f} s: overhead {overhead_cpu * 100:5.1f} %"
              f"   (target <= 20 %)")
        print(f"  grader wall / (compile wall / {args.jobs})  {g.wall:6.1f} / {ideal_wall:.1f} s: overhead "
              f"{overhead_wall * 100:5.1f} %   (meaningful only when the {args.jobs} cores are free)")
        print(f"  grader wall / compile wall      {g.wall:8.1f} / {alone_wall:.1f} s: overhead "
              f"{(g.wall / alone_wall - 1) * 100:5.1f} %   (the unique files compiled one after the other)")
        print(f"  submissions per minute, CPU     {args.count / (g.cpu / args.jobs) * 60:8.1f}   "
              f"(count / (grader CPU / {args.jobs}): the rate on {args.jobs} cores of our own)")
        if baseline:
            print(f"  baseline grader                 {args.count / baseline.wall * 60:8.1f} submissions/minute; CPU "
                  f"overhead {(baseline.cpu / alone_cpu - 1) * 100:5.1f} %; {baseline.wall:.1f} s wall, "
                  f"{baseline.cpu:.1f} s CPU")
        print(f"  compiles in the grader          {counts['compile']:8d}   (unique files that compile: {len(uniques) - failed}; "
              f"{counts['failed']} failed compiles for {failed} unique broken files)")
        if naive_samples:
            per_sub_wall = median([w for w, _ in naive_samples])
            per_sub_cpu = median([c for _, c in naive_samples])
            print(f"  naive, per submission           {per_sub_wall:8.1f} s wall, {per_sub_cpu:.1f} s CPU "
                  f"(median of {len(naive_samples)}, extrapolated x{args.count})")
            print(f"  naive / grader                  {per_sub_wall * args.count / g.wall:8.1f} x wall, "
                  f"{per_sub_cpu * args.count / g.cpu:.1f} x CPU   (target >= 10)")
    finally:
        if args.keep:
            print(f"kept {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
