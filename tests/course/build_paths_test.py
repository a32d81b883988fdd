#!/usr/bin/env python3
"""No compile command of the build holds the checkout's or the build folder's
absolute path in a -D value (cmake/BuildPaths.cmake says why: ccache's
CCACHE_BASEDIR rewrites file paths but not macro values, so such a compile
misses the cache in every new checkout, and the handout and Gradescope builds
inside the tests are new checkouts). A target that needs a path gets it
through course_build_paths(TARGET PRIVATE "NAME=VALUE").
The same holds for the text of a compiled source: a unity file (one
translation unit of several sources, cmake/ToolBuild.cmake) that includes its
sources by absolute path, as CMake's UNITY_BUILD writes them, misses the cache
the same way; every compiled source under the build folder is read for an
#include of a path of the checkout.

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


INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)


def absolute_includes(text, roots):
    """The #include targets in `text` that name a file of one of `roots` by absolute path."""
    return [name for name in INCLUDE.findall(text) if os.path.isabs(name) and any(holds(name, r) for r in roots)]


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
    caught_includes = ['#include "/home/me/course/grader/cli/main.cpp"\n', '  #  include </home/me/course/build/x.hpp>\n']
    allowed_includes = ['#include "../../grader/cli/main.cpp"\n', '#include </usr/include/fmt/format.h>\n',
                        '#include "/home/me/course2/a.cpp"\n']
    bad += [t for t in caught_includes if not absolute_includes(t, roots)]
    bad += [t for t in allowed_includes if absolute_includes(t, roots)]
    for c in bad:
        print("FAIL: misjudged:", c)
    total = len(caught) + len(allowed) + len(caught_includes) + len(allowed_includes)
    print("%d made-up commands and sources, %d misjudged" % (total, len(bad)))
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
    generated = []
    for entry in entries:
        command = entry.get("command") or shlex.join(entry.get("arguments", []))
        for define in offending_defines(command, {build, source}):
            problems.append("%s: %s" % (os.path.relpath(entry["file"], source), define))
        path = os.path.realpath(os.path.join(entry.get("directory", build), entry["file"]))
        if path.startswith(build + os.sep):
            generated.append(path)
    for p in problems:
        print("FAIL: a path of this checkout on the command line (use course_build_paths):", p)
    included = []
    for path in generated:
        with open(path, errors="replace") as f:
            for name in absolute_includes(f.read(), {build, source}):
                included.append("%s: %s" % (os.path.relpath(path, build), name))
    for p in included:
        print("FAIL: a generated source includes a file of this checkout by absolute path "
              "(include it relative to the source, cmake/ToolBuild.cmake):", p)
    print("%d compiles checked, %d with a path of the checkout in a -D value; %d generated sources read, "
          "%d with an absolute #include of the checkout" % (len(entries), len(problems), len(generated), len(included)))
    return 1 if problems or included else 0


if __name__ == "__main__":
    sys.exit(main())
