#!/usr/bin/env python3
"""No file of the framework names the course it ships with.

The framework (grader/, cmake/, ci/, scripts/, run.sh) builds, grades and
releases any course folder (-DCOURSE_DIR, docs/authoring.md "A course of your
own"). This test reads the course's lesson ids from its course.yaml and the
names of the types its lesson headers declare (lessons/<id>/*.hpp and
lessons/common/*.hpp), and fails
with FILE:LINE for every framework line that names one of them.

  framework_names_no_course_test.py ROOT [COURSE_DIR]   (COURSE_DIR: ROOT)
  framework_names_no_course_test.py --self-test
"""
import os
import re
import sys

FRAMEWORK = ["grader", "cmake", "ci", "scripts", "run.sh"]
TEXT_SUFFIXES = (".cpp", ".hpp", ".h", ".cmake", ".txt", ".sh", ".py", ".md", ".yml", ".yaml", ".json", "")
# Type names too generic to tell a course from the framework (a codec's
# "Index", the course's namespace itself).
GENERIC_TYPES = {"Index", "course", "C", "T"}


def lesson_ids(course_yaml_text):
    """The `id:` of each entry of the top-level `lessons:` list."""
    ids, in_lessons, item_indent = [], False, None
    for line in course_yaml_text.splitlines():
        if re.match(r"^\S", line):
            in_lessons = line.startswith("lessons:")
            item_indent = None
            continue
        if not in_lessons:
            continue
        m = re.match(r"^(\s*)- id:\s*([\w.-]+)", line)
        if m and (item_indent is None or len(m.group(1)) == item_indent):
            item_indent = len(m.group(1))
            ids.append(m.group(2))
    return ids


def declared_types(header_text):
    """Classes, structs, enums and aliases a header declares at namespace
    scope (written at the start of a line: members nested in a class are
    indented, and their names, a struct's own Kind or Step, are the class's)."""
    names = set()
    for m in re.finditer(r"^(?:class|struct|enum\s+class|enum)\s+(\w+)\s*[:{;]", header_text, re.M):
        names.add(m.group(1))
    for m in re.finditer(r"^using\s+(\w+)\s*=", header_text, re.M):
        names.add(m.group(1))
    return names - GENERIC_TYPES


def framework_types(root):
    """Type names the framework declares itself (its wire format's Tensor<T>
    is its own word, whatever a course calls its types)."""
    names = set()
    for path in framework_files(root):
        if path.endswith((".hpp", ".h")):
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for m in re.finditer(r"^\s*(?:class|struct|enum\s+class|enum)\s+(\w+)\s*[:{;]", text, re.M):
                names.add(m.group(1))
    return names


def course_names(course_dir):
    with open(os.path.join(course_dir, "course.yaml"), encoding="utf-8") as f:
        ids = lesson_ids(f.read())
    types = set()
    # The lessons' API headers, and the types the course's lessons share.
    for entry in ids + ["common"]:
        folder = os.path.join(course_dir, "lessons", entry)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".hpp"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    types |= declared_types(f.read())
    return ids, types


def pattern_for(ids, types):
    words = sorted(set(ids) | types, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in words) + r")(?![\w-])")


def framework_files(root):
    for top in FRAMEWORK:
        path = os.path.join(root, top)
        if os.path.isfile(path):
            yield path
        for dirpath, dirnames, filenames in os.walk(path):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith(TEXT_SUFFIXES) or "." not in name:
                    yield os.path.join(dirpath, name)


def hits(root, pattern):
    found = []
    for path in framework_files(root):
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except (UnicodeDecodeError, OSError):
            continue
        for number, line in enumerate(lines, 1):
            for m in pattern.finditer(line):
                found.append(f"{os.path.relpath(path, root)}:{number}: names '{m.group(1)}': {line.strip()[:120]}")
    return found


def self_test():
    yaml = "title: x\nlessons:\n  - id: alpha\n    exercises:\n      - id: not-a-lesson\n  - id: beta-two\ntracks:\n  - id: core\n"
    assert lesson_ids(yaml) == ["alpha", "beta-two"], lesson_ids(yaml)
    types = declared_types("namespace course {\nclass Widget {\n  enum class Inner { a };\n};\nstruct Pair;\n"
                           "enum class Kind { a };\nusing Index = long;\n")
    assert types == {"Widget", "Pair", "Kind"}, types
    p = pattern_for(["alpha", "beta-two"], {"Widget"})
    assert p.search("the alpha lesson") and p.search("a Widget here") and p.search("lessons/beta-two/x")
    assert not p.search("alphabet") and not p.search("Widgets") and not p.search("beta-twofold")
    assert not p.search("pre-alpha")  # a word of its own only
    print("self-test passed")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return 0
    root = os.path.realpath(sys.argv[1])
    course_dir = os.path.realpath(sys.argv[2]) if len(sys.argv) > 2 else root
    ids, types = course_names(course_dir)
    types -= framework_types(root)
    if not ids:
        print(f"FAIL: no lesson ids read from {course_dir}/course.yaml")
        return 1
    found = hits(root, pattern_for(ids, types))
    print(f"{len(ids)} lesson ids and {len(types)} type names of the course checked against the framework")
    if found:
        print("\n".join(found))
        print(f"FAIL: {len(found)} framework lines name the course (above); a second course would read them too")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
