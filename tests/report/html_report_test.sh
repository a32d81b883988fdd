#!/usr/bin/env bash
# The class report in a real browser: grades a small class (correct, partial,
# broken, late, with an extension, hostile text, one student missing from the
# roster and one not on it), reviews a free-text answer, exports the site and
# opens every page from file:// in headless Chromium. check_report_dom.py then
# checks the DOM the browser built: every student present, totals equal to
# the gradebook's, every link resolving to a file, no element or script from
# student text, no console errors (our sorting script runs under the pages'
# Content-Security-Policy). One more student, graded on the whole course,
# did one lesson only: their page must fit in about two screens. Measuring
# copies of the pages (measure_pages.py) give each page's height and every
# number the layout broke over two lines (none may be). Screenshots of the
# class page and of two student pages are kept in ARTEFACTS (the build
# folder); docs/images holds copies of them.
#
#   html_report_test.sh GRADER_EXE SOURCE_DIR ARTEFACTS_DIR
#
# Chromium (Debian's `chromium`) is installed with apt-get when missing and
# run as root. Not root and no Chromium: the test is skipped (exit 77) with a
# message, except under CI (CI set), where it fails.
set -euo pipefail
grader=$1 source=$2 artefacts=$3
mkdir -p "$artefacts"

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    # shellcheck source=../../scripts/deps.sh
    source "$source/scripts/deps.sh"
    course_install_packages "${BROWSER_TEST_PACKAGES[@]}" || { echo "FAIL: could not install chromium" >&2; exit 1; }
  elif [ -n "${CI:-}" ]; then
    echo "FAIL: chromium is not installed and this is CI (not root, so it cannot be installed here)" >&2
    exit 1
  else
    echo "SKIP: chromium is not installed; run as root once, or: sudo apt-get install -y --no-install-recommends chromium" >&2
    exit 77
  fi
fi
command -v chromium >/dev/null 2>&1 || { echo "FAIL: chromium is still missing after installing it" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/html-report-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
class=$work/class
mkdir -p "$class"

submission() {  # submission NAME [BROKEN_FIXTURE]
  cp -r "$source/solutions" "$class/$1"
  if [ -n "${2:-}" ]; then
    cp -r "$source/tests/submissions/$2/." "$class/$1/"
    rm -f "$class/$1/.remove"
  fi
}
submission alice
submission bob pe-wrong-formula
submission carol pe-does-not-compile
submission dave
hostile='eve"><img src=x onerror=alert(1)>'
submission "$hostile"
cp "$source/tests/report/class/hostile_positional_encoding.cpp" "$class/$hostile/positional-encoding/positional_encoding.cpp"
cp "$source/tests/exploits/cases/report-injection-quiz/review-quiz/answers.yaml" "$class/$hostile/review-quiz/answers.yaml"
mkdir -p "$class/$hostile/positional-encoding/<script>alert(2)<"
echo notes >"$class/$hostile/positional-encoding/<script>alert(2)</script>.txt"

# Frank did one lesson (positional encoding) and never opened the others:
# graded on every lesson of the course, into the same gradebook.
mkdir -p "$work/solo"
cp -r "$source/starter" "$work/solo/frank"
cp -r "$source/solutions/positional-encoding/." "$work/solo/frank/positional-encoding/"

cat >"$work/deadlines.yaml" <<'YAML'
due: 2026-11-20T23:59:00Z
grace_minutes: 10
percent_per_day: 10
max_percent: 50
YAML
cat >"$work/times.csv" <<'CSV'
student,submitted_at
alice,2026-11-20T20:00:00Z
bob,2026-11-21T12:00:00Z
carol,2026-11-20T23:59:30Z
dave,2026-11-22T02:00:00Z
CSV
printf 'student,days\nbob,1\n' >"$work/extensions.csv"
cat >"$work/roster.csv" <<'CSV'
id,name,email,section
alice,Alice Li,alice@example.org,A
bob,"Bob ""the builder"" Brown",bob@example.org,A
carol,Carol <i>Chen</i>,carol@example.org,B
dave,Dave Diaz,dave@example.org,B
frank,Frank Ng,frank@example.org,A
grace,Grace Gray,grace@example.org,B
CSV

cd "$work"
"$grader" --jobs 2 grade class --batch --gradebook gb.db --lesson positional-encoding --lesson review-quiz \
  --deadlines deadlines.yaml --extensions extensions.csv --submitted-at times.csv >grade.out 2>grade.err ||
  { cat grade.out grade.err; echo "FAIL: grading the class" >&2; exit 1; }
# One submission, recorded under his id (exit 1: not every test passed).
"$grader" --jobs 2 grade solo/frank --student frank --gradebook gb.db >solo.out 2>solo.err ||
  [ $? -eq 1 ] || { cat solo.out solo.err; echo "FAIL: grading frank on the whole course" >&2; exit 1; }
"$grader" roster import roster.csv --gradebook gb.db
# An instructor scores alice's first free-text answer, with a comment holding markup.
"$grader" review export --gradebook gb.db -o review.csv
python3 - <<'PY'
import csv
rows = list(csv.reader(open("review.csv", newline="")))
header, body = rows[0], rows[1:]
col = {name: i for i, name in enumerate(header)}
done = False
for row in body:
    if row[col["student"]] == "alice" and not done:
        row[col["score"]] = "1.5"
        row[col["comment"]] = "Good <b>start</b>; say why order matters."
        done = True
assert done, "alice has no answer awaiting review"
csv.writer(open("review.csv", "w", newline="")).writerows([header] + body)
PY
"$grader" review import review.csv --gradebook gb.db
"$grader" export --gradebook gb.db --format html --title "Transformers: homework 1" -o report
"$grader" export --gradebook gb.db --format html -o report-default-title
"$grader" export --gradebook gb.db --format csv -o grades.csv
"$grader" export --gradebook gb.db --format canvas --assignment "Homework 1 (4242)" -o canvas.csv
"$grader" export --gradebook gb.db --format moodle-gradebook --points 100 --assignment "Homework 1" -o moodle.csv

chrome() {  # chrome OUT ERR ARGS...: headless Chromium with a fresh profile, never waiting on the network
  local out=$1 err=$2 profile
  shift 2
  profile=$(mktemp -d "$work/profile.XXXXXX")
  timeout 180 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --disable-extensions \
    --user-data-dir="$profile" --enable-logging=stderr --v=0 "$@" >"$out" 2>"$err" ||
    { cat "$err" >&2; echo "FAIL: chromium $*" >&2; exit 1; }
}
mkdir -p dom
for page in report/index.html report/students/*.html; do
  name=$(basename "$page" .html)
  chrome "dom/$name.html" "dom/$name.log" --dump-dom "file://$work/$page"
done
chrome /dev/null dom/screenshot.log --window-size=1000,1400 --hide-scrollbars --screenshot="$artefacts/class-report.png" \
  "file://$work/report/index.html"
[ -s "$artefacts/class-report.png" ] || { echo "FAIL: no screenshot" >&2; exit 1; }
page_of() { grep -l "<span id=\"student-id\">$1</span>" report/students/*.html | head -1; }
for who in frank carol; do
  chrome /dev/null "dom/screenshot-$who.log" --window-size=1000,2600 --hide-scrollbars \
    --screenshot="$artefacts/student-page-$who.png" "file://$work/$(page_of "$who")"
  [ -s "$artefacts/student-page-$who.png" ] || { echo "FAIL: no screenshot of $who's page" >&2; exit 1; }
done

# Measured: each page's height and any number broken over two lines, at two widths.
python3 "$source/tests/report/measure_pages.py" report measured
mkdir -p measured-dom
for width in 1000 700; do
  for page in measured/index.html measured/students/*.html; do
    chrome "measured-dom/$(basename "$page" .html)-$width.html" /dev/null --window-size=$width,800 --dump-dom "file://$work/$page"
  done
done
cp "$(page_of frank)" frank-page.html
cp -r report "$artefacts/" 2>/dev/null || true

python3 "$source/tests/report/check_report_dom.py" "$work"
echo "class report checked in Chromium; screenshot: $artefacts/class-report.png"
