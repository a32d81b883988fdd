"""Generates the naive set-ups the benchmarks compare the grader with.

student(): bench/naive/student/CMakeLists.txt.in filled in for one lesson (the
student's files plus the lesson's public tests, in-process, gtest_main, ctest).
batch(): bench/naive/batch/CMakeLists.txt.in filled in for one submission (the
course's suites built from source, a worker per lesson, ctest).
"""
from pathlib import Path

from benchlib import COURSE, lesson_files


def suite_files(course_yaml, lesson_id, visibility):
    lesson = next(l for l in course_yaml["lessons"] if l["id"] == lesson_id)
    files = []
    for e in lesson["exercises"]:
        suite = e.get("tests", {}).get(visibility)
        if suite is None:
            continue
        listed = suite.get("files", []) if isinstance(suite, dict) else suite
        files += [f for f in listed if f not in files]
    return files


def student(course_yaml, toolchain, lesson_id, workspace, out_dir):
    """Writes out_dir/CMakeLists.txt; the student files stay in the workspace
    (by absolute path), so editing them there is what the naive build sees."""
    inproc = COURSE / "bench" / "naive" / "inproc" / f"{lesson_id}.cpp"
    if not inproc.exists():
        raise SystemExit(f"no in-process stand-in {inproc} for lesson {lesson_id}: write one like the others there")
    template = (COURSE / "bench" / "naive" / "student" / "CMakeLists.txt.in").read_text()
    sources = [str(Path(workspace).resolve() / f) for f in lesson_files(course_yaml, lesson_id) if f.endswith(".cpp")]
    tests = [str(COURSE / f) for f in suite_files(course_yaml, lesson_id, "public")]
    text = (template.replace("@STUDENT_FILES@", "\n  ".join(sources))
            .replace("@TEST_FILES@", "\n  ".join(tests))
            .replace("@COURSE@", str(COURSE))
            .replace("@LESSON@", lesson_id)
            .replace("@FLAGS@", " ".join(toolchain["compile_flags"])))
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "CMakeLists.txt").write_text(text)
    return out_dir


def batch(course_yaml, toolchain, workspace, out_dir):
    """Writes out_dir/CMakeLists.txt grading one submission the naive way
    (bench/naive/batch/CMakeLists.txt.in) for every code lesson of course.yaml."""
    template = (COURSE / "bench" / "naive" / "batch" / "CMakeLists.txt.in").read_text()
    lines = []
    for lesson in course_yaml["lessons"]:
        if not any(e.get("kind", "code") == "code" for e in lesson["exercises"]):
            continue
        sources = [str(Path(workspace).resolve() / f) for f in lesson_files(course_yaml, lesson["id"]) if f.endswith(".cpp")]
        lines.append(f"naive_lesson({lesson['id']}\n  " + "\n  ".join(sources) + ")")
    text = (template.replace("@LESSONS@", "\n".join(lines))
            .replace("@COURSE@", str(COURSE))
            .replace("@FLAGS@", " ".join(toolchain["compile_flags"])))
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "CMakeLists.txt").write_text(text)
    return out_dir
