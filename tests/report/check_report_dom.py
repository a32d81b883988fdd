#!/usr/bin/env python3
"""Checks the class report as Chromium built it (html_report_test.sh).

WORK holds report/ (the site), dom/<page>.html (each page's DOM dumped by
Chromium), dom/<page>.log (its console), grades.csv, canvas.csv and
moodle.csv (exports of the same gradebook), and gb.db.
"""
import csv
import json
import os
import re
import sqlite3
import sys
from html.parser import HTMLParser

work = sys.argv[1]
failures = []


def fail(message):
    failures.append(message)


class Dom(HTMLParser):
    """Elements with their attributes and text, enough for the checks."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []  # (tag, attrs dict, text)
        self.stack = []

    def handle_starttag(self, tag, attrs):
        element = [tag, dict(attrs), ""]
        self.elements.append(element)
        if tag not in ("meta", "link", "br", "img", "input", "line", "rect", "path"):
            self.stack.append(element)

    def handle_startendtag(self, tag, attrs):
        self.elements.append([tag, dict(attrs), ""])

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        for element in self.stack:
            element[2] += data

    def find(self, tag=None, **attrs):
        return [e for e in self.elements if (tag is None or e[0] == tag)
                and all(e[1].get(k.replace("_", "-")) == v for k, v in attrs.items())]


def load(name):
    with open(os.path.join(work, "dom", name + ".html"), encoding="utf-8") as f:
        text = f.read()
    dom = Dom()
    dom.feed(text)
    with open(os.path.join(work, "dom", name + ".log"), encoding="utf-8", errors="replace") as f:
        for line in f:
            if ":CONSOLE" in line:
                fail("%s: console message: %s" % (name, line.strip()))
    return dom


def classes(e):
    return e[1].get("class", "").split()


def no_student_markup(name, dom, scripts_allowed):
    scripts = dom.find("script")
    if len(scripts) != scripts_allowed:
        fail("%s: %d <script> elements, expected %d" % (name, len(scripts), scripts_allowed))
    for tag in ("img", "style", "b", "i", "iframe", "object"):
        extra = [e for e in dom.find(tag) if tag != "style" or e is not dom.find("style")[0]]
        if extra:
            fail("%s: a <%s> element from student text: %r" % (name, tag, extra[0]))
    for e in dom.elements:
        for attribute in e[1]:
            if attribute.startswith("on"):
                fail("%s: <%s %s=...> from student text" % (name, e[0], attribute))
    title = dom.find("title")
    if title and "pwned" in title[0][2]:
        fail("%s: the page title was changed by student code" % name)


# The gradebook's own view: latest submission of each student.
db = sqlite3.connect(os.path.join(work, "gb.db"))
latest = {row[0]: row[1:] for row in db.execute(
    "SELECT student, score, max_score, late, late_penalty_percent, late_reason FROM latest_submissions")}
roster = {row[0]: row[1] for row in db.execute("SELECT id, name FROM roster")}
if len(latest) != 6:
    fail("the gradebook holds %d students, expected 6: %s" % (len(latest), sorted(latest)))


def penalised(student):
    score, _, _, percent, _ = latest[student]
    return round(score * (1 - percent / 100.0), 3)


def points(text):
    return round(float(text), 3)


# ---- the class page
index = load("index")
no_student_markup("index", index, 1)
if index.find("html", data_sortable="ready") == []:
    fail("index: the sorting script did not run (html[data-sortable=ready] missing): blocked by the CSP?")
rows = {e[1].get("data-student"): e for e in index.find("tr") if "data-student" in e[1]}
# Every graded student and every roster student without a submission.
if set(rows) != set(latest) | set(roster):
    fail("index: students table has %s, the gradebook and roster %s" % (sorted(rows), sorted(set(latest) | set(roster))))
for student in set(roster) - set(latest):
    if rows[student][1].get("data-outcome") != "no_submission":
        fail("index: %s has no submission, the table says %r" % (student, rows[student][1].get("data-outcome")))
# Totals in the table: td.total cells, in table order, matched via each row's link.
table_rows = [e for e in index.elements if e[0] == "tr" and "data-student" in e[1]]
totals = [e for e in index.elements if e[0] == "td" and "total" in classes(e)]
raws = [e for e in index.elements if e[0] == "td" and "raw" in classes(e)]
if len(totals) != len(table_rows) or len(raws) != len(table_rows):
    fail("index: %d rows but %d total and %d raw cells" % (len(table_rows), len(totals), len(raws)))
for row, total, raw in zip(table_rows, totals, raws):
    student = row[1]["data-student"]
    if student in latest:
        if points(total[2]) != penalised(student):
            fail("index: %s total %s, gradebook %s" % (student, total[2], penalised(student)))
        if points(raw[2]) != round(latest[student][0], 3):
            fail("index: %s raw %s, gradebook %s" % (student, raw[2], latest[student][0]))
missing = index.find("ul", id="missing")
if not missing or "grace" not in missing[0][2] or "alice" in missing[0][2]:
    fail("index: the non-submitters list should hold grace only: %r" % (missing[0][2] if missing else None))
late = index.find("ul", id="late")
if not late or "dave" not in late[0][2] or "bob" in late[0][2] or "alice" in late[0][2]:
    fail("index: the late list should hold dave (bob has an extension): %r" % (late[0][2] if late else None))
problems = index.find("ul", id="problems")
if not problems or "carol" not in problems[0][2] or "compile error" not in problems[0][2]:
    fail("index: carol's compile error is not listed: %r" % (problems[0][2] if problems else None))
if not index.find("svg", role="img"):
    fail("index: no chart")
for svg in index.find("svg", role="img"):
    if not svg[1].get("aria-label"):
        fail("index: a chart without alt text")
hostile = 'eve"><img src=x onerror=alert(1)>'
if hostile not in rows:
    fail("index: the hostile id is not shown as text")
if "Alice Li" not in index.find("table", id="students")[0][2] or "Carol <i>Chen</i>" not in index.find("table", id="students")[0][2]:
    fail("index: the roster's names (as text) are missing")
if not index.find("table", id="hardest-tests"):
    fail("index: no hardest tests")
# Every list shows the name beside the id.
if problems and "Carol <i>Chen</i>" not in problems[0][2]:
    fail("index: carol's name is not beside her id in the problems list: %r" % problems[0][2])
if late and "Dave Diaz" not in late[0][2]:
    fail("index: dave's name is not beside his id in the late list: %r" % late[0][2])
# Exercises in course order (course.yaml), not alphabetical.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "course.yaml"), encoding="utf-8") as f:
    course_order = re.findall(r"^      - id: (\S+)", f.read(), re.M)
shown = [e[1]["data-exercise"] for e in index.find("tr") if "data-exercise" in e[1]]
if not shown or shown != [x for x in course_order if x in shown]:
    fail("index: exercises %r are not in course order %r" % (shown, course_order))
# The default title is the course's (course.yaml's title), not "Class report".
with open(os.path.join(work, "report-default-title", "index.html"), encoding="utf-8") as f:
    default_index = f.read()
if "<h1>Transformers from the inside" not in default_index:
    fail("report-default-title: the course's title is not the default: %r" % default_index[:400])


# ---- every link resolves to a file
def check_links(page_path, dom, name):
    for a in dom.find("a"):
        href = a[1].get("href", "")
        if href.startswith(("http:", "https:", "javascript:", "//")):
            fail("%s: external or script link %s" % (name, href))
            continue
        target = os.path.normpath(os.path.join(os.path.dirname(page_path), href))
        if not target.startswith(os.path.join(work, "report")) or not os.path.isfile(target):
            fail("%s: link %s does not resolve to a file of the site" % (name, href))


check_links(os.path.join(work, "report", "index.html"), index, "index")
student_links = [a[1]["href"] for a in index.find("a") if a[1].get("href", "").startswith("students/")]

# ---- every student's page
pages = sorted(f[:-5] for f in os.listdir(os.path.join(work, "report", "students")))
if len(pages) != len(latest):
    fail("%d student pages for %d students" % (len(pages), len(latest)))
seen = set()
for name in pages:
    dom = load(name)
    no_student_markup(name, dom, 0)
    check_links(os.path.join(work, "report", "students", name + ".html"), dom, name)
    student = dom.find("span", id="student-id")[0][2]
    seen.add(student)
    if "students/%s.html" % name not in student_links:
        fail("%s: no link to it from the class page" % name)
    if student not in latest:
        fail("%s: page of unknown student %r" % (name, student))
        continue
    total = dom.find("strong", id="total")[0][2]
    if points(total) != penalised(student):
        fail("%s: total %s, gradebook %s" % (name, total, penalised(student)))
    text = dom.elements[0][2]
    if latest[student][4] and latest[student][3] and "Late penalty" not in text:
        fail("%s: late but no penalty shown" % name)
    if student == "dave" and "Late penalty 20%" not in text:
        fail("dave: expected a 20% penalty (2 started days at 10%)")
    if student == "carol" and "compile error" not in text:
        fail("carol: the compile error is not on her page")
    if student == "bob" and not dom.find("li", **{"class": "failing-test"}):
        fail("bob: no failing test listed")
    if student == "frank":
        # One lesson done: one section for it, every other lesson one row of the points table.
        # (positional encoding passed whole: no section at all; a failure there would have one)
        sections = [e[2] for e in dom.find("h2") if ":" in e[2]]
        if any(not x.startswith("positional-encoding") for x in sections):
            fail("frank: lesson sections %r, expected positional-encoding only" % sections)
        done = [e for e in dom.find("tr") if e[2].startswith("positional-encoding") and "data-outcome" not in e[1]]
        if not done:
            fail("frank: no row per exercise of the lesson he did")
        rows = [e for e in dom.find("tr") if e[1].get("data-outcome") == "not_attempted"]
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "course.yaml"), encoding="utf-8") as f:
            lessons = len(re.findall(r"^  - id: ", f.read().split("\nlessons:\n", 1)[1], re.M))
        if len(rows) != lessons - 1:
            fail("frank: %d lessons as one 'not attempted' row, expected %d" % (len(rows), lessons - 1))
        if dom.find("li", **{"class": "failing-test"}):
            fail("frank: failing tests listed for lessons he never opened")
    if student == "alice" and "Good <b>start</b>" not in text:
        fail("alice: the reviewer's comment (as text) is missing")
    if student == hostile:
        if "<script>document.title='pwned'</script>" not in text:
            fail("eve: the hostile failure message is not shown as text")
        if "<script>alert(2)</script>.txt" not in text:
            fail("eve: the hostile file name is not shown as text")
if seen != set(latest):
    fail("student pages for %s, gradebook %s" % (sorted(seen), sorted(latest)))

# ---- the CSV exports agree
with open(os.path.join(work, "grades.csv"), newline="") as f:
    for row in csv.DictReader(f):
        student = row["student"].lstrip("'")
        if student in latest and points(row["total"]) != penalised(student):
            fail("grades.csv: %s total %s" % (student, row["total"]))
        if student in latest and points(row["raw_total"]) != round(latest[student][0], 3):
            fail("grades.csv: %s raw_total %s" % (student, row["raw_total"]))
with open(os.path.join(work, "canvas.csv"), newline="") as f:
    canvas = list(csv.reader(f))
if canvas[0] != ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Homework 1 (4242)"]:
    fail("canvas.csv header %r" % canvas[0])
by_id = {r[1]: r for r in canvas[1:]}
if by_id.get("grace", [None] * 6)[5] != "" or points(by_id["dave"][5]) != penalised("dave"):
    fail("canvas.csv rows %r" % canvas[1:])
# Moodle's gradebook import, mapped by email, scaled with --points 100: a row
# for each graded student with an email (grade/import/csv would give a row
# without one to the row before, and clear a grade with an empty cell).
emails = {row[0]: row[1] for row in db.execute("SELECT id, email FROM roster")}
with open(os.path.join(work, "moodle.csv"), newline="") as f:
    moodle = list(csv.DictReader(f))
expected = {emails[s]: s for s in latest if emails.get(s)}
if {r["Email address"] for r in moodle} != set(expected):
    fail("moodle.csv emails %r, expected %r" % ([r["Email address"] for r in moodle], sorted(expected)))
for r in moodle:
    s = expected.get(r["Email address"])
    if s and abs(points(r["Homework 1"]) - penalised(s) * 100 / latest[s][1]) > 0.0011:
        fail("moodle.csv: %s grade %s, gradebook %s of %s" % (s, r["Homework 1"], penalised(s), latest[s][1]))

# ---- measured in the browser: heights, and numbers kept on one line
measured_dir = os.path.join(work, "measured-dom")
measured = 0
for name in sorted(os.listdir(measured_dir)):
    dom = Dom()
    with open(os.path.join(measured_dir, name), encoding="utf-8") as f:
        dom.feed(f.read())
    pre = dom.find("pre", id="measured")
    if not pre:
        fail("%s: the measuring script did not run" % name)
        continue
    m = json.loads(pre[0][2])
    measured += 1
    if m["wrapped"]:
        fail("%s: numbers broken over two lines: %r" % (name, m["wrapped"][:10]))
    ids = dom.find("span", id="student-id")
    if ids and ids[0][2] == "frank" and name.endswith("-1000.html") and m["height"] >= 2500:
        fail("%s: frank did one lesson, but his page is %d px high (at most about two screens, 2500)" % (name, m["height"]))
    if ids and ids[0][2] == "frank" and name.endswith("-1000.html"):
        print("frank's page: %d px high at 1000 px wide" % m["height"])
if measured != 2 * (len(pages) + 1):
    fail("%d pages measured, expected %d (every page at two widths)" % (measured, 2 * (len(pages) + 1)))

if failures:
    print("\n".join("FAIL: " + f for f in failures))
    sys.exit(1)
print("class report DOM: %d students, %d pages, links and totals checked" % (len(latest), len(pages) + 1))
