#!/usr/bin/env bash
# End-to-end test of the function at fault (docs/architecture.md):
#   function_at_fault_test.sh GRADER_EXE COURSE_DIR [VARIANT...]
# A workspace of the reference solutions in which one function another
# exercise calls is unfinished in one way at a time:
#   - an earlier lesson's: multi-head-attention, called by encoder-block's
#     encoder_layer, is still the starter, only its forward is the starter's
#     stub, or forward throws, crashes (a null pointer), aborts, or loops (for
#     one input shape only, so one call reaches the time limit);
#   - the same lesson's: encoder-block's encoder_layer, called by
#     encoder-stack's transformer_encoder, is the starter's or crashes.
# `grader check`, `grader watch` (its first run, then q from stdin) and
# `grader grade` with `mode: student` (on a copy of course.yaml) must each
# name the function, its lesson, its exercise and its file, and say how the
# call failed (a stub: how many tests wait for it, on one line); the files
# of the exercise under test are never blamed. No
# step waits for a time: the loop ends at the call time limit whatever it is.
set -euo pipefail

grader=$1
course=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL ($variant, $command): $*" >&2
  cat "$tmp/out" >&2 || true
  exit 1
}

# The course with encoder-block's uses in `mode: student` (grade then
# compiles the student's multi-head-attention files), and encoder-stack's use
# of encoder-layer too (grade then keeps the student's encoder_layer for
# encoder-stack's tests); everything else linked.
mkdir "$tmp/course"
for entry in "$course"/*; do
  name=$(basename "$entry")
  case "$name" in course.yaml | build* | .git) continue ;; esac
  ln -s "$entry" "$tmp/course/$name"
done
plain='uses: [multi-head-attention, positional-encoding]'
stack_uses='uses: [layer-norm, encoder-layer]'
grep -qF "$plain" "$course/course.yaml" || { echo "FAIL: encoder-block no longer says $plain" >&2; exit 1; }
grep -qF "$stack_uses" "$course/course.yaml" || { echo "FAIL: encoder-stack no longer says $stack_uses" >&2; exit 1; }
python3 - "$course/course.yaml" "$tmp/course/course.yaml" "$plain" "$stack_uses" <<'PY'
import sys
source, target, plain, stack_uses = sys.argv[1:]
text = open(source).read()
text = text.replace(plain, 'uses: [{lesson: multi-head-attention, mode: student}, positional-encoding]')
text = text.replace(stack_uses, 'uses: [layer-norm, {exercise: encoder-layer, mode: student}]')
open(target, 'w').write(text)
PY

# insert FILE FUNCTION-START BODY: BODY as the first statement of the function
# whose definition starts with FUNCTION-START.
insert() {
  python3 - "$@" <<'PY'
import sys
path, start, body = sys.argv[1], sys.argv[2], sys.argv[3]
s = open(path).read()
at = s.index(start)
brace = s.index('{', at)
s = '#include <cstdlib>\n#include <stdexcept>\n' + s[:brace + 1] + '\n  ' + body + '\n' + s[brace + 1:]
open(path, 'w').write(s)
PY
}

# workspace VARIANT: the reference solutions with one function unfinished.
workspace() {
  rm -rf "$tmp/ws"
  cp -r "$course/solutions" "$tmp/ws"
  local mha="$tmp/ws/multi-head-attention" forward='AttentionOutput MultiHeadAttention::forward('
  local layer='Tensor encoder_layer('
  case "$1" in
    mha-starter) rm -rf "$mha"; cp -r "$course/starter/multi-head-attention" "$tmp/ws/" ;;
    forward-stub) cp "$course/starter/multi-head-attention/mha_combine.cpp" "$mha/" ;;
    forward-throws) insert "$mha/mha_combine.cpp" "$forward" 'if (query.size() > 0) throw std::runtime_error("forward is unfinished");' ;;
    forward-crashes) insert "$mha/mha_combine.cpp" "$forward" 'if (query.size() > 0) { volatile int* volatile nowhere = nullptr; *nowhere = 1; }' ;;
    forward-aborts) insert "$mha/mha_combine.cpp" "$forward" 'if (query.size() > 0) std::abort();' ;;
    # Only the (2, 5, 8) input loops: one call reaches the time limit, the others fail fast.
    forward-hangs) insert "$mha/mha_combine.cpp" "$forward" 'for (volatile long spin = 0; query.size() == 80; spin = spin + 1) {}' ;;
    layer-starter) cp "$course/starter/encoder-block/encoder_layer.cpp" "$tmp/ws/encoder-block/" ;;
    layer-crashes) insert "$tmp/ws/encoder-block/encoder_layer.cpp" "$layer" 'if (src.size() > 0) { volatile int* volatile nowhere = nullptr; *nowhere = 1; }' ;;
    *) echo "unknown variant $1" >&2; exit 2 ;;
  esac
}

# run COMMAND: the grader's output for encoder-block in $tmp/out, its exit code checked.
run() {
  local rc expected=1
  set +e
  case "$1" in
    check) "$grader" --no-color check encoder-block --workspace "$tmp/ws" >"$tmp/out" 2>&1 ;;
    watch)
      printf 'q\n' >"$tmp/keys"
      "$grader" --no-color watch encoder-block --workspace "$tmp/ws" --poll <"$tmp/keys" >"$tmp/out" 2>&1
      expected=0 ;;  # q quits the watch with 0 whatever the tests say
    grade) "$grader" --no-color -j 1 --course "$tmp/course" grade "$tmp/ws" --lesson encoder-block --format text \
             >"$tmp/out" 2>&1 ;;
  esac
  rc=$?
  set -e
  [[ $rc -eq $expected ]] || fail "exit code $rc, expected $expected"
  if [[ $1 == watch ]]; then grep -qF "[watch] run 1 took" "$tmp/out" || fail "the watch did not finish its first run"; fi
}

checked=0
variants=("${@:3}")
[[ ${#variants[@]} -gt 0 ]] || variants=(mha-starter forward-stub forward-throws forward-crashes forward-aborts forward-hangs layer-starter layer-crashes)
for variant in "${variants[@]}"; do
  workspace "$variant"
  lesson=multi-head-attention exercise_of=mha- how="the fault is there, not in this exercise's files"
  case "$variant" in
    mha-starter) function='MultiHeadAttention::MultiHeadAttention'; file=multi-head-attention/mha_projections.cpp
                 how="is not implemented yet: finish that lesson first" ;;
    forward-stub) function='MultiHeadAttention::forward'; file=multi-head-attention/mha_combine.cpp
                  how="is not implemented yet: finish that lesson first" ;;
    forward-throws) function='MultiHeadAttention::forward'; file=multi-head-attention/mha_combine.cpp
                    how="threw the exception above: $how" ;;
    forward-crashes | forward-aborts) function='MultiHeadAttention::forward'; file=multi-head-attention/mha_combine.cpp
                                      how="crashed (an index out of range, a null pointer, a failed assertion?): $how" ;;
    forward-hangs) function='MultiHeadAttention::forward'; file=multi-head-attention/mha_combine.cpp
                   how="was still running at the time limit (an infinite loop?): $how" ;;
    layer-starter) function=encoder_layer; file=encoder-block/encoder_layer.cpp lesson=encoder-block exercise_of=encoder-layer
                   how="is not implemented yet: finish that exercise first" ;;
    layer-crashes) function=encoder_layer; file=encoder-block/encoder_layer.cpp lesson=encoder-block exercise_of=encoder-layer
                   how="crashed (an index out of range, a null pointer, a failed assertion?): $how" ;;
  esac
  for command in check watch grade; do
    run "$command"
    # A stub: the tests that reached it wait for its exercise, counted on one
    # line per function (with its file), not shown one by one.
    if [[ $how == "is not implemented yet"* ]]; then
      waiting="tests need your \`$function\` (lesson $lesson, exercise $exercise_of"
      grep -F -- "$waiting" "$tmp/out" | grep -qF -- ": $file) first: it is not finished yet" ||
        fail "no line counting the tests that need \`$function\` ($file) first"
      # (watch details its first failing test, whose at-fault line is one.)
      shown=$(grep -cF "at fault: " "$tmp/out" || true)
      if ((shown > $([[ $command == watch ]] && echo 1 || echo 0))); then fail "tests waiting for a stub are shown one by one"; fi
      if [[ $command == check && $lesson == multi-head-attention ]]; then
        grep -qE -- "^Next: $exercise_of[a-z-]* in .*/$file \(lesson text: .*\): every failing test of encoder-layer reached your \`$function\` there" \
          "$tmp/out" || fail "'Next:' does not send the student to \`$function\` in $file"
      fi
      checked=$((checked + 1))
      echo "ok: $variant, $command (waiting for \`$function\`)"
      continue
    fi
    lines=$(grep -F "at fault: " "$tmp/out" || true)
    [[ -n "$lines" ]] || fail "no 'at fault:' line"
    expected="at fault: this test called your \`$function\` (lesson $lesson, exercise $exercise_of"
    grep -qF -- "$expected" <<<"$lines" || fail "no line naming \`$function\`, lesson $lesson and exercise $exercise_of"
    grep -qF -- ": $file), which $how" <<<"$lines" || fail "the line does not name $file and say '$how'"
    # Every at-fault line names that function, never the files of the exercise under test.
    if grep -vF "\`$function\` (lesson $lesson, exercise $exercise_of" <<<"$lines" | grep -q .; then
      fail "a line blames another function"
    fi
    if [[ $lesson == multi-head-attention ]]; then
      if grep -F "start with the TODO in encoder_layer.cpp" "$tmp/out"; then fail "the finished encoder_layer.cpp is sent to its TODO"; fi
    fi
    # One cause shared by every failure of an exercise is said once, and
    # check's "Next:" sends the student to the exercise at fault, not to the
    # finished one whose tests reached it.
    if [[ $command == check && $lesson == multi-head-attention && $variant != forward-hangs ]]; then
      grep -qF -- "every failing test reached your \`$function\` (lesson $lesson, exercise $exercise_of" "$tmp/out" ||
        fail "no line saying once that every failure reached \`$function\`"
      grep -qE -- "^Next: $exercise_of[a-z-]* in .*/$file \(lesson text: .*\): every failing test of encoder-layer reached your \`$function\` there" \
        "$tmp/out" || fail "'Next:' does not send the student to \`$function\` in $file"
    fi
    checked=$((checked + 1))
    echo "ok: $variant, $command ($(wc -l <<<"$lines") at-fault lines)"
  done
done
echo "function at fault: $checked runs named the function, its lesson and its file"
