#!/usr/bin/env python3
"""Code lines per exposed function or method in each lesson's bridge.

  scripts/bridge_lines.py [COURSE_DIR]             prints the table of docs/bridge-api.md
  scripts/bridge_lines.py --check DOC [COURSE_DIR] exits 1 when DOC's table differs
  scripts/bridge_lines.py --self-test              checks the counting rule on small texts

The rule (docs/bridge-api.md, "Lines per exposed function"): every file under
lessons/<id>/bridge/ counts, except bridge/costs.hpp (the callback cost
estimators: security content, kept as data beside the declarations). In the
counted files, a line counts unless it is blank, a comment, an #include,
#pragma once, a namespace's opening or closing line, or inside a
`description<T>` specialisation (how a type reads in a call's text:
content). The lines of COURSE_STRUCT_FIELDS, COURSE_ENUM_NAMES and
COURSE_OBJECT_STATE (one fact per type) are counted apart, as type lines; the others are divided by the
exposed functions and methods: the entries of the lesson's lists, each
FUNCTION, METHOD and CALL, and each CLASS for its constructor.
"""
import re
import sys
from pathlib import Path

BEGIN = "<!-- bridge-lines: begin (scripts/bridge_lines.py writes this table; ctest bridge_lines_doc checks it) -->"
END = "<!-- bridge-lines: end -->"
CONTENT_FILES = {"costs.hpp"}
ENTRY = re.compile(r"\b(FUNCTION|METHOD|CALL|CLASS)\(")


NAMESPACE = re.compile(r"^(namespace [\w:]+ \{|\}  // namespace [\w:]+)$")
TYPE_FACT = ("COURSE_STRUCT_FIELDS(", "COURSE_ENUM_NAMES(", "COURSE_OBJECT_STATE(")


def split_type_lines(lines):
    """(function lines, type lines): a codec statement, from its first line to its `;`, is type lines."""
    functions, types = [], []
    in_type = False
    for line in lines:
        stripped = line.strip()
        if in_type or stripped.startswith(TYPE_FACT):
            types.append(line)
            in_type = not stripped.endswith(";")
        else:
            functions.append(line)
    return functions, types


def code_lines(text):
    """The lines of `text` the rule counts."""
    counted = []
    lines = text.splitlines()
    i = 0
    in_block_comment = False
    while i < len(lines):
        line = lines[i].strip()
        if in_block_comment:
            if "*/" in line:
                in_block_comment = False
            i += 1
            continue
        if line.startswith("/*"):
            in_block_comment = "*/" not in line
            i += 1
            continue
        # A description<T> specialisation, from `template <>` to its closing `};`.
        if line == "template <>" and i + 1 < len(lines) and lines[i + 1].strip().startswith("struct description<"):
            i += 2
            while i < len(lines) and lines[i].rstrip() != "};":
                i += 1
            i += 1
            continue
        if (not line or line.startswith("//") or line.startswith("#include") or line == "#pragma once" or
                NAMESPACE.match(line)):
            i += 1
            continue
        counted.append(lines[i])
        i += 1
    return counted


def exposed(declarations_text):
    """The entries of the lesson's list (definitions of the list macros only)."""
    body = []
    in_define = False
    for line in declarations_text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#define COURSE_BRIDGE_") or stripped.startswith("#define COURSE_EXERCISE_"):
            in_define = True
            # The macro's own parameter list names FUNCTION, CLASS, ... without "(".
            stripped = stripped.split(")", 1)[1] if ")" in stripped else ""
        if in_define:
            body.append(stripped)
            in_define = stripped.endswith("\\")
    return len(ENTRY.findall("\n".join(body)))


def table(course):
    rows = []
    for bridge in sorted((Path(course) / "lessons").glob("*/bridge")):
        lesson = bridge.parent.name
        declarations = bridge / "declarations.hpp"
        if not declarations.is_file():
            continue
        files = sorted(p for p in bridge.rglob("*") if p.is_file() and p.name not in CONTENT_FILES)
        lines, types = 0, 0
        for p in files:
            f, t = split_type_lines(code_lines(p.read_text()))
            lines += len(f)
            types += len(t)
        n = exposed(declarations.read_text())
        per = f"{lines / n:.1f}" if n else "-"
        names = ", ".join(str(p.relative_to(bridge)) for p in files)
        rows.append(f"| {lesson} | {n} | {lines} | **{per}** | {types} | {names} |")
    head = ["| lesson | exposed functions and methods | code lines | per exposed | type lines | counted files |",
            "|---|---:|---:|---:|---:|---|"]
    return "\n".join(head + rows)


def self_test():
    text = """// a comment
#pragma once
#include "x.hpp"

COURSE_STRUCT_FIELDS(course::A, x);
namespace course::bridge {
template <>
struct description<course::A> {
  static std::string of(const course::A& a) {
    return "a";
  }
};
}  // namespace course::bridge
/* block
   comment */
#define COURSE_BRIDGE_x(FUNCTION, CLASS, METHOD, CALL) \\
  FUNCTION(f, "a")                                  \\
  CLASS(C, (int), ("n"), METHOD(m) CALL("x"))
COURSE_BRIDGE(x)
COURSE_OBJECT_STATE(course::C, (n_),
                    (set_m, m_));
"""
    got = code_lines(text)
    want = ["COURSE_STRUCT_FIELDS(course::A, x);", "#define COURSE_BRIDGE_x(FUNCTION, CLASS, METHOD, CALL) \\",
            '  FUNCTION(f, "a")                                  \\', '  CLASS(C, (int), ("n"), METHOD(m) CALL("x"))',
            "COURSE_BRIDGE(x)", "COURSE_OBJECT_STATE(course::C, (n_),", "                    (set_m, m_));"]
    ok = True
    if got != want:
        print("code_lines: got", got, "want", want)
        ok = False
    functions, types = split_type_lines(got)
    if types != ["COURSE_STRUCT_FIELDS(course::A, x);", "COURSE_OBJECT_STATE(course::C, (n_),",
                 "                    (set_m, m_));"] or len(functions) != 4:
        print("split_type_lines: got", functions, types)
        ok = False
    if exposed(text) != 4:
        print("exposed: got", exposed(text), "want 4 (a function, a constructor, a method, operator())")
        ok = False
    print("self-test", "passed" if ok else "FAILED")
    return 0 if ok else 1


def main(argv):
    if argv[1:2] == ["--self-test"]:
        return self_test()
    if argv[1:2] == ["--check"]:
        doc = Path(argv[2])
        course = argv[3] if len(argv) > 3 else Path(__file__).resolve().parent.parent
        text = doc.read_text()
        if BEGIN not in text or END not in text:
            print(f"{doc}: no table between {BEGIN} and {END}")
            return 1
        quoted = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
        want = table(course)
        if quoted != want:
            print(f"{doc}: the table of code lines per exposed function differs from the bridges; write this one "
                  f"(scripts/bridge_lines.py prints it):\n{want}\n\nit says:\n{quoted}")
            return 1
        print(f"{doc}: the table matches lessons/*/bridge")
        return 0
    course = argv[1] if len(argv) > 1 else Path(__file__).resolve().parent.parent
    print(table(course))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
