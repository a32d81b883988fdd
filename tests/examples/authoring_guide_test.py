#!/usr/bin/env python3
"""docs/authoring.md's marked steps, run as written, in a course of their own.

A step is a fenced block tagged `sh` right below the line `<!-- guide: run -->`;
each runs with `bash -euo pipefail` from the course root, as the guide says,
in order, and must exit 0; then `grader validate` must pass the whole course.
The course is the skeleton course of tests/examples/skeleton_course_test.sh,
with its build: `build` in its root leads to that build folder and `scripts`
to this repository's, so the guide's `build/bin/grader`, `cmake --build build`
and `scripts/...` are that course's, as they are this repository's in it.

usage: authoring_guide_test.py GUIDE COURSE_DIR BUILD_DIR
       authoring_guide_test.py --self-test
"""
import os
import pathlib
import re
import subprocess
import sys

MARKER = "<!-- guide: run -->"


def steps(markdown):
    """The marked blocks' texts, with the line each starts on; a marker not
    followed by a ```sh block is an error (a step would silently not run)."""
    lines = markdown.splitlines()
    found = []
    for i, line in enumerate(lines):
        if line.strip() != MARKER:
            continue
        if i + 1 >= len(lines) or lines[i + 1].strip() != "```sh":
            raise ValueError(f"line {i + 1}: '{MARKER}' is not followed by a ```sh block on the next line")
        body = []
        for j in range(i + 2, len(lines)):
            if lines[j].startswith("```"):
                break
            body.append(lines[j])
        else:
            raise ValueError(f"line {i + 2}: the ```sh block is not closed")
        found.append((i + 3, "\n".join(body) + "\n"))
    return found


def self_test():
    doc = f"text\n{MARKER}\n```sh\necho one\necho two\n```\n```sh\nnot marked\n```\n{MARKER}\n```sh\necho three\n```\n"
    assert steps(doc) == [(4, "echo one\necho two\n"), (12, "echo three\n")], steps(doc)
    for broken in (f"{MARKER}\n\n```sh\necho\n```\n", f"{MARKER}\n```text\necho\n```\n", f"{MARKER}\n```sh\necho\n"):
        try:
            steps(broken)
        except ValueError:
            continue
        raise AssertionError(f"not refused: {broken!r}")
    print("ok")


def main(guide, course, build):
    course = pathlib.Path(course).resolve()
    framework = pathlib.Path(__file__).resolve().parents[2]
    link = course / "build"
    for name, target in (("build", pathlib.Path(build).resolve()), ("scripts", framework / "scripts")):
        if not (course / name).is_symlink():
            (course / name).symlink_to(target, target_is_directory=True)
    try:
        marked = steps(pathlib.Path(guide).read_text())
    except ValueError as e:
        sys.exit(f"FAIL: {guide}: {e}")
    if not marked:
        sys.exit(f"FAIL: {guide} marks no step with {MARKER}")
    for line, script in marked:
        print(f"--- {guide}:{line}\n{script}", flush=True)
        run = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=course)
        if run.returncode != 0:
            sys.exit(f"FAIL: the step at {guide}:{line} exited with {run.returncode}")
    print("--- the whole course, after the guide's steps", flush=True)
    run = subprocess.run([str(link / "bin/grader"), "validate"], cwd=course, capture_output=True, text=True)
    print(run.stdout + run.stderr)
    if run.returncode != 0 or not re.search(r"(^|[^0-9])0 problems", run.stdout):
        sys.exit("FAIL: grader validate found problems after the guide's steps")
    print(f"ok: {len(marked)} steps of {guide} ran, and the course validates")


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        self_test()
    elif len(sys.argv) == 4:
        main(*sys.argv[1:])
    else:
        sys.exit(__doc__)
