"""The student's loop: `grader check LESSON` after editing one file, against
compiling that file alone and against a naive CMake + ctest set-up.

See bench/student_loop.sh for the command line. For each lesson, in rounds
(so that the machine's load hits every contender alike):
  check      grader check LESSON on a workspace where one file just changed
  compile    the grader's compile line for that file alone (g++ ... -c)
  naive-inc  the naive project (bench/naive/) already built once: cmake --build + ctest
  no-change  grader check again with nothing changed (every object a cache hit)
  baseline   with --baseline-grader: that grader's check after the same kind of edit
and, fewer times because it is slow, naive-clean: the naive project generated
into a fresh folder, configured, built and run by ctest.

With --every-file, every student code file of the course instead: for each,
in rounds, `grader check LESSON` right after that file changed against that
file compiled alone with the grader's flags and no precompiled header (the
grader's compile before precompiled headers); each ratio check / compile is
the median of its rounds' ratios, and the table ends with their geometric
mean and maximum (targets: <= 0.5 and <= 0.75).
"""
import math
import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import (COURSE, code_files, compile_command, fresh_dir, load_course, load_toolchain, machine,  # noqa: E402
                      median, print_machine, run_timed, touch_comment)
import naive  # noqa: E402


def measure_lesson(args, course_yaml, toolchain, lesson, root):
    grader = str(Path(args.build) / "bin" / "grader")
    ws = root / "ws"
    shutil.copytree(COURSE / "solutions", ws)
    cache = fresh_dir(root / "cache")
    own_files = code_files(course_yaml)[lesson]
    edited = ws / (args.file or own_files[0])
    check = [grader, "--cache-dir", str(cache), "check", lesson, "--workspace", str(ws)]
    # The grader's own log of its compiles and links: where the check's time goes.
    build_log = root / "build.log"
    env = dict(os.environ, GRADER_BUILD_LOG=str(build_log))

    run_timed(check)  # cold: compiles every file of the lesson once
    warm = run_timed(check)
    if warm.returncode != 0:
        print(f"warning: grader check {lesson} on the reference exits with {warm.returncode}:\n{warm.output[-2000:]}")

    naive_inc = naive.student(course_yaml, toolchain, lesson, ws, root / "naive-inc" / "src")
    naive_build = root / "naive-inc" / "build"
    run_timed(["cmake", "-S", str(naive_inc), "-B", str(naive_build), "-DCMAKE_BUILD_TYPE="])
    run_timed(["cmake", "--build", str(naive_build), "-j", "2"])

    baseline = None
    if args.baseline_grader:
        baseline = [args.baseline_grader, "--cache-dir", str(fresh_dir(root / "cache-baseline"))]
        if args.baseline_toolchain:
            baseline += ["--toolchain", args.baseline_toolchain]
        baseline += ["check", lesson, "--workspace", str(ws)]
        run_timed(baseline)

    samples = {k: [] for k in ("check", "compile", "naive-inc", "no-change", "naive-clean", "baseline", "in-check compile",
                               "in-check link")}
    for r in range(args.rounds):
        touch_comment(edited, f"check {r}")
        build_log.unlink(missing_ok=True)
        samples["check"].append(run_timed(check, env=env))
        steps = {}
        for line in build_log.read_text().splitlines() if build_log.exists() else []:
            kind, _, seconds = line.split(" ")
            steps[kind] = steps.get(kind, 0.0) + float(seconds)
        samples["in-check compile"].append(steps.get("compile", 0.0))
        samples["in-check link"].append(steps.get("link", 0.0))
        samples["no-change"].append(run_timed(check))
        touch_comment(edited, f"alone {r}")
        samples["compile"].append(run_timed(compile_command(toolchain, edited, root / "alone.o")))
        if baseline:
            touch_comment(edited, f"baseline {r}")
            samples["baseline"].append(run_timed(baseline))
        touch_comment(edited, f"naive {r}")
        b = run_timed(["cmake", "--build", str(naive_build), "-j", "2"])
        t = run_timed(["ctest", "--test-dir", str(naive_build), "-j", "2"], check=False)
        samples["naive-inc"].append(type(b)(b.wall + t.wall, b.cpu + t.cpu, t.returncode, t.output))
        if r < args.clean_rounds:
            clean = fresh_dir(root / f"naive-clean-{r}")
            src = naive.student(course_yaml, toolchain, lesson, ws, clean / "src")
            c = run_timed(["cmake", "-S", str(src), "-B", str(clean / "build"), "-DCMAKE_BUILD_TYPE="])
            b = run_timed(["cmake", "--build", str(clean / "build"), "-j", "2"])
            t = run_timed(["ctest", "--test-dir", str(clean / "build"), "-j", "2"], check=False)
            samples["naive-clean"].append(type(b)(c.wall + b.wall + t.wall, c.cpu + b.cpu + t.cpu, t.returncode, ""))
            shutil.rmtree(clean, ignore_errors=True)
        print(f"  round {r + 1}/{args.rounds}: check {samples['check'][-1].wall:.2f} s, compile "
              f"{samples['compile'][-1].wall:.2f} s, naive-inc {samples['naive-inc'][-1].wall:.2f} s", flush=True)
    return edited.relative_to(ws), samples


def measure_every_file(args, course_yaml, toolchain, root):
    """[(lesson, file, check samples, compile samples)] for every student code file."""
    grader = str(Path(args.build) / "bin" / "grader")
    ws = root / "ws"
    shutil.copytree(COURSE / "solutions", ws)
    cache = fresh_dir(root / "cache")
    rows = []
    for lesson, files in code_files(course_yaml).items():
        check = [grader, "--cache-dir", str(cache), "check", lesson, "--workspace", str(ws)]
        run_timed(check)  # cold: compiles every file of the lesson once
        for rel in files:
            edited = ws / rel
            checks, alone = [], []
            for r in range(args.rounds):
                # Alternating which goes first, so neither always meets a warmer or busier machine.
                order = ("check", "alone") if r % 2 == 0 else ("alone", "check")
                for what in order:
                    touch_comment(edited, f"{what} {r}")
                    if what == "check":
                        checks.append(run_timed(check))
                    else:
                        alone.append(run_timed(compile_command(toolchain, edited, root / "alone.o")))
            ratio = median([c.wall / a.wall for c, a in zip(checks, alone)])
            print(f"  {rel:<48} check {median([c.wall for c in checks]):5.2f} s  compile {median([a.wall for a in alone]):5.2f} s"
                  f"  ratio {ratio:4.2f}  load {os.getloadavg()[0]:.1f}", flush=True)
            rows.append((lesson, rel, checks, alone))
    return rows


def print_every_file(rows):
    print("\nEvery student file: grader check after editing it, against compiling it alone without a precompiled header")
    print("(medians of the rounds, wall seconds; ratio: median of the rounds' check / compile)")
    print(f"{'file':<50} {'check':>7} {'compile':>8} {'ratio':>6}")
    ratios = []
    for _, rel, checks, alone in rows:
        ratio = median([c.wall / a.wall for c, a in zip(checks, alone)])
        ratios.append(ratio)
        print(f"{rel:<50} {median([c.wall for c in checks]):7.2f} {median([a.wall for a in alone]):8.2f} {ratio:6.2f}")
    geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    worst = max(ratios)
    print(f"geometric mean {geomean:.2f} (target <= 0.5: {'met' if geomean <= 0.5 else 'not met'}); "
          f"maximum {worst:.2f} (target <= 0.75: {'met' if worst <= 0.75 else 'not met'})")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=str(COURSE / "build-bench"), help="configured and built course build folder")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--clean-rounds", type=int, default=2, help="rounds that also time a clean naive build")
    parser.add_argument("--file", help="workspace-relative file to edit (default: the lesson's first)")
    parser.add_argument("--baseline-grader", help="another grader executable to time side by side (e.g. before a change)")
    parser.add_argument("--baseline-toolchain", help="the toolchain manifest for --baseline-grader")
    parser.add_argument("--every-file", action="store_true",
                        help="every student file of the course: check against compile alone (no naive builds)")
    parser.add_argument("lessons", nargs="*", default=["positional-encoding"])
    args = parser.parse_args()

    toolchain = load_toolchain(args.build)
    course_yaml = load_course()
    if args.every_file:
        info = machine()
        print_machine(info)
        print(f"# student flags: {' '.join(toolchain['compile_flags'])}; {args.rounds} rounds per file")
        with tempfile.TemporaryDirectory(prefix="bench-student-") as tmp:
            rows = measure_every_file(args, course_yaml, toolchain, Path(tmp))
        print_every_file(rows)
        print(f"# load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        return 0
    known = {l["id"] for l in course_yaml["lessons"]}
    info = machine()
    print_machine(info)
    print(f"# student flags: {' '.join(toolchain['compile_flags'])}")
    rows = []
    for lesson in args.lessons:
        if lesson not in known:
            print(f"skipping {lesson}: not in course.yaml")
            continue
        print(f"{lesson}:", flush=True)
        with tempfile.TemporaryDirectory(prefix="bench-student-") as tmp:
            edited, s = measure_lesson(args, course_yaml, toolchain, lesson, Path(tmp))
        m = {k: (median([x.wall for x in v]), median([x.cpu for x in v])) for k, v in s.items() if k[:8] != "in-check"}
        # Paired per round (same load): check minus compile alone, and the
        # check minus the time its own compile took (GRADER_BUILD_LOG).
        m["paired"] = median([c.wall - a.wall for c, a in zip(s["check"], s["compile"])])
        m["paired-cpu"] = median([c.cpu - a.cpu for c, a in zip(s["check"], s["compile"])])
        m["beyond-compile"] = median([c.wall - k for c, k in zip(s["check"], s["in-check compile"])])
        m["link"] = median(s["in-check link"])
        if s["baseline"]:
            m["baseline-paired"] = median([b.wall - a.wall for b, a in zip(s["baseline"], s["compile"])])
        rows.append((lesson, edited, m))

    print("\nMedians, wall seconds (CPU seconds of the processes started, in brackets):")
    print(f"{'lesson':<22} {'check':>13} {'compile':>13} {'no-change':>13} {'naive-inc':>13} {'naive-clean':>14} "
          f"{'x inc':>6} {'x clean':>8}")
    for lesson, edited, m in rows:
        def cell(key, width=13):
            w, c = m[key]
            return f"{w:6.2f} ({c:4.2f})".rjust(width)
        print(f"{lesson:<22} {cell('check')} {cell('compile')} {cell('no-change')} {cell('naive-inc')} "
              f"{cell('naive-clean', 14)} {m['naive-inc'][0] / m['check'][0]:6.1f} {m['naive-clean'][0] / m['check'][0]:8.1f}")
    print("\nCheck overhead over compiling the edited file alone (medians of per-round differences, seconds):")
    print(f"{'lesson':<22} {'edited file':<44} {'check-compile':>13} {'(CPU)':>7} {'beyond own compile':>19} "
          f"{'its link':>9} {'baseline':>9}")
    for lesson, edited, m in rows:
        base = f"{m['baseline-paired']:9.2f}" if "baseline-paired" in m else f"{'-':>9}"
        print(f"{lesson:<22} {str(edited):<44} {m['paired']:13.2f} {m['paired-cpu']:7.2f} {m['beyond-compile']:19.2f} "
              f"{m['link']:9.2f} {base}")
    print("\nTargets: check <= compile + 0.3 s (check-compile); naive / check >= 10 (x columns).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
