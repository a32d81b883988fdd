#!/usr/bin/env bash
# End-to-end test of `grader watch`:
#   grader_watch_test.sh GRADER_EXE COURSE_DIR poll|inotify
# Starts the watch on a copy of the positional-encoding starter with stdout to
# a file and stdin from a FIFO, replaces the pe-formula file with the reference
# and waits for a second run that shows the exercise done, asks for hints (h),
# quits (q) and checks exit code 0; then checks that SIGINT also exits with 0,
# and that --track narrows what is checked.
set -euo pipefail

grader=$1
course=$2
mode=$3
case "$mode" in
  poll) watch_flags=(--poll --interval-ms 100) ;;
  inotify) watch_flags=(--interval-ms 100) ;;
  *) echo "usage: $0 GRADER_EXE COURSE_DIR poll|inotify" >&2; exit 2 ;;
esac

tmp=$(mktemp -d)
pid=
cleanup() {
  if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  echo "--- watch stdout ---" >&2
  cat "$tmp/out" >&2 || true
  echo "--- watch stderr ---" >&2
  cat "$tmp/err" >&2 || true
  exit 1
}

# wait_for PATTERN SECONDS: until the watch's stdout holds PATTERN (fixed string).
wait_for() {
  local deadline=$((SECONDS + $2))
  until grep -qF -- "$1" "$tmp/out"; do
    if [[ -n "$pid" ]] && ! kill -0 "$pid" 2>/dev/null; then fail "the watch ended before printing '$1'"; fi
    ((SECONDS < deadline)) || fail "no '$1' within $2 s"
    sleep 0.1
  done
}

# start_watch [ARGS...]: the watch of ARGS (default: positional-encoding) on the workspace.
start_watch() {
  rm -f "$tmp/keys" "$tmp/out" "$tmp/err"
  mkfifo "$tmp/keys"
  local what=("$@")
  ((${#what[@]})) || what=(positional-encoding)
  "$grader" watch "${what[@]}" --workspace "$tmp/ws" "${watch_flags[@]}" <"$tmp/keys" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  exec 3>"$tmp/keys"  # opening the FIFO's write end lets the watch's stdin open
}

mkdir -p "$tmp/ws"
cp -r "$course/starter/positional-encoding" "$tmp/ws/"

# 1. A save triggers a second run that sees the new code; h prints hints; q quits with 0.
start_watch
wait_for "[watch] run 1 took" 300
grep -qF "Watching 2 files" "$tmp/out" || fail "the footer does not say which files are watched"
if [[ $mode == poll ]]; then want_how="polling every 100 ms"; else want_how="(inotify)"; fi
grep -qF "$want_how" "$tmp/out" || fail "expected the watch to report '$want_how'"
grep -qE "pe-formula .* not started" "$tmp/out" || fail "run 1 should show pe-formula not started (starter stubs)"
sleep 0.3  # a save within the same clock tick as the copy above must still count as a change
cp "$course/solutions/positional-encoding/positional_encoding.cpp" "$tmp/ws/positional-encoding/positional_encoding.cpp"
wait_for "[watch] run 2 took" 300
grep -qF "[watch] run 2 at" "$tmp/out" || fail "run 2 has no header"
grep -qF "positional-encoding/positional_encoding.cpp changed" "$tmp/out" || fail "run 2 does not name the changed file"
grep -qE "pe-formula .* done" "$tmp/out" || fail "run 2 should show pe-formula done with the reference file"
echo h >&3
wait_for "Hints for pe-repair" 30  # pe-formula is done: the next exercise's hints
# One hint per key, as `grader hint` gives them (remembered in the workspace).
wait_for "Hint 1 of 3" 30
grep -qE "^  2\. " "$tmp/out" && fail "h showed more than the next hint"
echo h >&3
wait_for "Hint 2 of 3" 30
grep -qF '"pe-repair": 2' "$tmp/ws/.grader/hints.json" || fail "watch's hints are not remembered in the workspace"
echo q >&3
rc=0
wait "$pid" || rc=$?
pid=
exec 3>&-
((rc == 0)) || fail "q should exit with 0, got $rc"
grep -qF "[watch] stopped after 2 runs" "$tmp/out" || fail "expected exactly two runs before q"

# 2. SIGINT (Ctrl-C) ends the watch cleanly, with exit code 0.
start_watch
wait_for "[watch] run 1 took" 300
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
pid=
exec 3>&-
((rc == 0)) || fail "SIGINT should exit with 0, got $rc"
grep -qF "[watch] stopped after 1 run" "$tmp/out" || fail "SIGINT should stop the watch after its run"
# 3. --track narrows the run as it does for check: attention in track core is
# softmax and attention, without masks; an unknown track is a usage error.
cp -r "$course/starter/attention" "$tmp/ws/"
start_watch attention --track core
wait_for "[watch] run 1 took" 300
grep -qE "^ +[^ ]+ softmax " "$tmp/out" || fail "watch --track core should check softmax"
grep -qE "^ +[^ ]+ attention " "$tmp/out" || fail "watch --track core should check the attention exercise"
grep -qE "^ +[^ ]+ masks " "$tmp/out" && fail "watch --track core checked masks, which track core leaves out"
echo q >&3
rc=0
wait "$pid" || rc=$?
pid=
exec 3>&-
((rc == 0)) || fail "q should exit with 0 after --track, got $rc"
rc=0
"$grader" watch --track no-such-track --workspace "$tmp/ws" </dev/null >"$tmp/out" 2>"$tmp/err" || rc=$?
((rc == 2)) || fail "an unknown track should exit with 2, got $rc"
grep -qF "no track named 'no-such-track'" "$tmp/err" || fail "an unknown track should be named in the error"
echo "grader watch ($mode): ok"
