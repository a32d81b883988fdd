#!/usr/bin/env python3
"""Checks a results.json written by run_autograder, field by field, against
Gradescope's format and against the grader's own full result for the same
submission (`grader grade --format json`, which carries the instructor-only
messages).

  check_gradescope_results.py RESULTS KIND [--full FULL_JSON] [--lesson ID]
                              [--test-count N] [--submitted-at TEXT]

KIND: correct   every test passes (free-text quiz answers awaiting review aside)
      partial   the tests of lesson ID do not all pass; every other test passes
      broken    lesson ID did not compile: none of its tests pass
      fallback  grading could not finish: score 0, no tests, a message
Exits 1 with one line per problem.
"""
import argparse
import json
import sys

VISIBILITY = {"visible", "hidden", "after_due_date", "after_published"}
STATUS = {"passed", "failed"}
problems = []


def expect(condition, message):
    if not condition:
        problems.append(message)


def is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("results")
    p.add_argument("kind", choices=["correct", "partial", "broken", "fallback"])
    p.add_argument("--full")
    p.add_argument("--lesson")
    p.add_argument("--test-count", type=int)
    p.add_argument("--submitted-at")
    a = p.parse_args()

    r = json.load(open(a.results))
    expect(is_number(r.get("score")), "score is not a number: %r" % r.get("score"))
    expect(isinstance(r.get("tests"), list), "tests is not a list")
    expect(r.get("stdout_visibility") == "hidden", "stdout_visibility is %r, not hidden" % r.get("stdout_visibility"))
    expect(r.get("visibility") in VISIBILITY, "visibility %r" % r.get("visibility"))
    expect(isinstance(r.get("output"), str) and r["output"], "no top-level output text")
    tests = r.get("tests") or []

    if a.kind == "fallback":
        expect(r.get("score") == 0, "fallback score is %r, not 0" % r.get("score"))
        expect(tests == [], "fallback has tests")
        return

    numbers = set()
    for i, t in enumerate(tests):
        where = "tests[%d] %s" % (i, t.get("name"))
        expect(isinstance(t.get("name"), str) and t["name"], where + ": no name")
        expect(is_number(t.get("score")), where + ": score not a number")
        expect(is_number(t.get("max_score")), where + ": max_score not a number")
        # An answer awaiting review is neither passed nor failed: no status.
        awaiting = "awaiting review" in (t.get("tags") or [])
        expect(t.get("status") in STATUS if not awaiting else "status" not in t,
               where + ": status %r" % t.get("status"))
        expect(t.get("visibility") in VISIBILITY, where + ": visibility %r" % t.get("visibility"))
        expect(isinstance(t.get("output"), str), where + ": output not text")
        expect(isinstance(t.get("tags"), list) and len(t["tags"]) >= 1, where + ": no tags")
        expect(isinstance(t.get("number"), str) and t["number"] not in numbers, where + ": number missing or repeated")
        numbers.add(t.get("number"))
        if is_number(t.get("score")) and is_number(t.get("max_score")):
            expect(0 <= t["score"] <= t["max_score"] + 1e-9, where + ": score outside [0, max_score]")
            if t.get("status") == "passed":
                expect(abs(t["score"] - t["max_score"]) < 1e-9, where + ": passed without full score")
    expect(len(tests) > 0, "no tests")
    total_score = sum(t.get("score", 0) for t in tests)
    total_max = sum(t.get("max_score", 0) for t in tests)
    expect(abs(total_score - r.get("score", -1)) < 1e-6,
           "score %r is not the sum of the tests' scores %r" % (r.get("score"), total_score))
    expect(total_max > 0, "the tests are worth no points")
    if a.test_count is not None:
        expect(len(tests) == a.test_count, "%d tests, expected %d (every submission lists every test)" % (len(tests), a.test_count))
    if a.submitted_at is not None:
        extra = r.get("extra_data") or {}
        expect(extra.get("submitted_at") == a.submitted_at,
               "extra_data.submitted_at is %r, expected %r" % (extra.get("submitted_at"), a.submitted_at))

    pending = set()
    if a.full:
        full = json.load(open(a.full))
        full_tests = [t for lesson in full["lessons"] for t in lesson["tests"]]
        expect(len(full_tests) == len(tests), "%d tests in results.json, %d in the full result" % (len(tests), len(full_tests)))
        expect(abs(r["score"] - full["score"]) < 1e-6, "score %r, the grader's full result says %r" % (r["score"], full["score"]))
        # Every test keeps its points, answers awaiting review included (they
        # score 0 until an instructor grades them): the tests add up to the
        # course's maximum, the one the summary shows.
        expect(abs(total_max - full["max_score"]) < 1e-6,
               "tests are worth %r in all, the grader's full result says %r" % (total_max, full["max_score"]))
        expect("Score: " in r.get("output", ""), "the output has no score line")
        if a.kind == "correct":
            for lesson in full["lessons"]:
                expect(lesson["status"] == "graded", "lesson %s of a correct submission is %s: %s"
                       % (lesson["lesson"], lesson["status"], lesson.get("detail", "")[:300]))
        by_name = {t["name"]: t for t in tests}
        hidden_failures = 0
        for f in full_tests:
            name = (f["exercise"] + ": " + f["name"]) if f["exercise"] else f["name"]
            t = by_name.get(name)
            if t is None:
                problems.append("test %s is missing from results.json" % name)
                continue
            expect(abs(t["score"] - f["score"]) < 1e-9, name + ": score differs from the full result")
            expect(t["visibility"] == f["visibility"], name + ": visibility differs from course.yaml's")
            expect((t.get("status") == "passed") == (f["status"] == "passed"), name + ": status differs")
            expect(("status" not in t) == (f["status"] == "pending_review"),
                   name + ": only an answer awaiting review has no status")
            if f["status"] == "pending_review":
                pending.add(name)
            if not f["show_details"] and f["status"] != "passed":
                hidden_failures += 1
                # Students never see a detail-less suite's failure message.
                if f["message"].strip() and f["message"] != f["public_message"]:
                    expect(f["message"].strip() not in t["output"],
                           name + ": results.json shows the hidden failure details: " + t["output"][:200])
                expect(t["output"] == f["public_message"] or not f["public_message"],
                       name + ": output is not the suite's public message")
        if a.kind in ("partial", "broken"):
            expect(hidden_failures > 0, "no hidden test failed, so the hidden-details check checked nothing")

    in_lesson = [t for t in tests if a.lesson and a.lesson in t.get("tags", [])]
    others = [t for t in tests if not (a.lesson and a.lesson in t.get("tags", []))]
    if a.kind == "correct":
        for t in tests:
            if t["name"] not in pending:
                expect(t["status"] == "passed", "correct submission fails " + t["name"] + ": " + t["output"][:300])
    elif a.kind == "partial":
        expect(len(in_lesson) > 0, "no test is tagged with lesson %s" % a.lesson)
        expect(any(t.get("status") != "passed" for t in in_lesson), "every test of %s passes with its starter" % a.lesson)
        for t in others:
            if t["name"] not in pending:
                expect(t["status"] == "passed", "unrelated test fails: " + t["name"] + ": " + t["output"][:300])
        expect(r["score"] < total_max, "partial submission has full marks")
    elif a.kind == "broken":
        expect(len(in_lesson) > 0, "no test is tagged with lesson %s" % a.lesson)
        for t in in_lesson:
            expect(t.get("status") != "passed" and t["score"] == 0, "test of the broken lesson passes: " + t["name"])
        expect(r["score"] < total_max, "broken submission has full marks")


if __name__ == "__main__":
    main()
    for p in problems:
        print("results check: " + p, file=sys.stderr)
    sys.exit(1 if problems else 0)
