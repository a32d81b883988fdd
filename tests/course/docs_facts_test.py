#!/usr/bin/env python3
"""The figures README.md and docs/ quote about the course and the tree are true.

Each figure is read from where it lives, never restated here:
  - the course maximum and the lessons, from `grader list` (which reads course.yaml);
  - the exploit cases, from tests/exploits/cases/*/case.yaml;
  - the grader's commands, from `grader --help`;
  - the number of tests, from `ctest -N` in the build folder.
Every place a document quotes one of them is found by a pattern, so a new
sentence with a stale figure fails too.

usage: docs_facts_test.py GRADER SOURCE_DIR BUILD_DIR
       docs_facts_test.py --self-test
"""
import pathlib
import re
import subprocess
import sys

NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen".split())}

# Every Markdown document of this course's tree a reader meets: a new document
# is checked without being listed here. (A course under examples/ quotes its own
# figures, not this course's.)
DOCUMENT_GLOBS = ["*.md", "docs/**/*.md", "bench/**/*.md", "tests/**/*.md", "lessons/**/*.md", "ci/**/*.md"]


def documents(source):
    return sorted({path for pattern in DOCUMENT_GLOBS for path in source.glob(pattern) if path.is_file()})


def as_number(text):
    return int(text) if text.isdigit() else NUMBER_WORDS.get(text.lower())


def check_text(name, text, facts):
    """Every problem in one document's text, as 'name:line: ...' strings."""
    problems = []

    def each(pattern, fact, what):
        for m in re.finditer(pattern, text, re.IGNORECASE):
            quoted = as_number(m.group(1))
            if quoted is not None and quoted != facts[fact]:
                line = text.count("\n", 0, m.start()) + 1
                problems.append(f"{name}:{line}: says {what} {m.group(1)!r} ({m.group(0)!r}); the tree has {facts[fact]}")

    each(r"course's \(?(\d+)\)?", "max_points", "the course maximum is")
    each(r"\((\d+) for this course\)", "max_points", "the course maximum is")
    each(r"maximum (?:is|of) (\d+) points", "max_points", "the course maximum is")
    each(r"\b(?:the|all|has|with) (\w+) lessons\b(?! (?:of|from|before|that|which|it|left))", "lessons", "the number of lessons is")
    each(r"\b(\d+) (?:exploit )?cases\b", "exploit_cases", "the exploit suite has")
    each(r"runs (\d+) tests", "tests", "the test suite has")
    return problems


def facts_of(grader, source, build):
    listing = subprocess.run([grader, "--course", str(source), "--no-color", "list"], capture_output=True, text=True,
                             check=True).stdout
    total = re.search(r"^Total: ([0-9.]+) points", listing, re.MULTILINE)
    lessons = re.findall(r"^\d+\. .*\[([\w-]+)\]$", listing, re.MULTILINE)
    cases = list((source / "tests/exploits/cases").glob("*/case.yaml"))
    ctest = subprocess.run(["ctest", "--test-dir", str(build), "-N"], capture_output=True, text=True, check=True).stdout
    tests = re.search(r"^Total Tests: (\d+)", ctest, re.MULTILINE)
    help_text = subprocess.run([grader, "--help"], capture_output=True, text=True, check=True).stdout
    # The commands are listed under their groups' headings ("Student commands:"...), after the options.
    commands = re.findall(r"^  ([a-z][a-z-]+)\s{2,}\S", help_text, re.MULTILINE)
    if not (total and lessons and cases and tests and commands):
        sys.exit("docs_facts_test: could not read the facts (grader list / --help / ctest -N changed form?)")
    points = float(total.group(1))
    return {"max_points": int(points) if points.is_integer() else points, "lessons": len(lessons),
            "exploit_cases": len(cases), "tests": int(tests.group(1)), "commands": commands}


def check_commands(readme, commands):
    """Every grader command appears in README.md as `grader NAME`."""
    return [f"README.md: the command `grader {c}` is in `grader --help` but not in README.md"
            for c in commands if not re.search(rf"`(?:build/bin/)?grader {re.escape(c)}\b", readme)]


def self_test():
    facts = {"max_points": 220, "lessons": 8, "exploit_cases": 62, "tests": 940, "commands": ["list", "check"]}
    good = ("The 8 lessons left as the starter. The maximum is the course's (220). All eight lessons; it cost three lessons once. 62 cases. `./test.sh` runs 940 tests. "
            "(220 for this course); `public tests: 100/100 points of the course's 220`; lessons of the course")
    assert check_text("good", good, facts) == [], check_text("good", good, facts)
    for bad in ["the course's (175)", "(175 for this course)", "the eight lessons and all seven lessons", "the 6 lessons", "the course has seven lessons",
                "more: 46 cases)", "`./test.sh` runs 933 tests", "of the course's 175", "a maximum of 175 points"]:
        assert check_text("bad", bad, facts), f"not caught: {bad!r}"
    assert check_commands("`grader list` and `grader check X`", ["list", "check"]) == []
    assert check_commands("`grader list` only", ["list", "check"]), "a missing command was not caught"
    assert check_commands("`grader checker`", ["check"]), "a prefix was taken for the command"
    print("docs_facts_test self-test: ok")


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    grader, source, build = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    facts = facts_of(grader, source, build)
    problems = []
    checked = documents(source)
    for path in checked:
        problems += check_text(str(path.relative_to(source)), path.read_text(encoding="utf-8"), facts)
    problems += check_commands((source / "README.md").read_text(encoding="utf-8"), facts["commands"])
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} figure(s) in the docs disagree with the tree; fix the document (or the pattern here).")
        return 1
    print(f"{len(checked)} documents agree with the tree: {facts['max_points']} points, {facts['lessons']} lessons, "
          f"{facts['exploit_cases']} exploit cases, {facts['tests']} tests, {len(facts['commands'])} commands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
