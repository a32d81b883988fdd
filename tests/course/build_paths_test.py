#!/usr/bin/env python3
"""No compile command of the build holds the checkout's or the build folder's
absolute path in a -D value (cmake/BuildPaths.cmake says why: ccache's
CCACHE_BASEDIR rewrites file paths but not macro values, so such a compile
misses the cache in every new checkout, and the handout and Gradescope builds
inside the tests are new checkouts). A target that needs a path gets it
through course_build_paths(TARGET PRIVATE "NAME=VALUE").

    build_paths_test.py BUILD_DIR SOURCE_DIR
    build_paths_test.py --self-test      (the check itself, on made-up commands)
"""
import json
import os
import re
import shlex
import sys


def holds(value, root):
    """`root` in `value` as a whole folder: /a/course in /a/course/x, not in /a/course2."""
    return re.search(re.escape(root) + r"(?=$|[/\\\"'])", value) is not None


def offending_defines(command, roots):
    """The -D arguments of one command whose value holds one of `roots`."""
    words = shlex.split(command)
    found = []
    for i, word in enumerate(words):
        if word == "-D" and i + 1 < len(words):
            word = "-D" + words[i + 1]
        if word.startswith("-D") and "=" in word and any(holds(word.split("=", 1)[1], root) for root in roots):
            found.append(word)
    return found


def self_test():
    roots = {"/home/me/course", "/home/me/course/build"}
    caught = [
        'c++ -DCOURSE_SOURCE_DIR=\\"/home/me/course\\" -c a.cpp',        # escaped quotes, as CMake writes them
        "c++ -D GRADER_EXE=/home/me/course/build/bin/grader -c a.cpp",     # -D and its value apart
        "c++ -DFIXTURES='/home/me/course/tests/fixtures' -c a.cpp",        # a folder below the checkout
        'c++ "-DWORKER=/home/me/course/build/w" -c a.cpp',                 # the whole argument quoted
    ]
    allowed = [
        "c++ -I/home/me/course/lessons -isystem /usr/include/eigen3 -c /home/me/course/a.cpp -o a.o",  # files: ccache rewrites them
        "c++ -DCOURSE_TEST_TIMEOUT_SCALE_DEFAULT=1 -DNDEBUG -c a.cpp",
        "c++ -DOTHER=/home/me/other-course -c a.cpp",  # paths beside the checkout, not in it
        "c++ -DOTHER=/home/me/course2/x -c a.cpp",
    ]
    bad = [c for c in caught if not offending_defines(c, roots)] + [c for c in allowed if offending_defines(c, roots)]
    for c in bad:
        print("FAIL: misjudged:", c)
    print("%d made-up commands, %d misjudged" % (len(caught) + len(allowed), len(bad)))
    return 1 if bad else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    build, source = (os.path.realpath(p) for p in sys.argv[1:3])
    with open(os.path.join(build, "compile_commands.json")) as f:
        entries = json.load(f)
    if not entries:
        print("FAIL: compile_commands.json lists no compile")
        return 1
    problems = []
    for entry in entries:
        command = entry.get("command") or shlex.join(entry.get("arguments", []))
        for define in offending_defines(command, {build, source}):
            problems.append("%s: %s" % (os.path.relpath(entry["file"], source), define))
    for p in problems:
        print("FAIL: a path of this checkout on the command line (use course_build_paths):", p)
    print("%d compiles checked, %d with a path of the checkout in a -D value" % (len(entries), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
