#!/usr/bin/env bash
# Turns mutant folders that hold full copies of solution files into the form
# `grader validate` reads: mutant.yaml plus one unified diff, change.patch,
# against solutions/ (docs/architecture.md, "Mutants").
#
# usage: scripts/mutants_to_patches.sh [--course DIR] [FOLDER...]
#   FOLDER   a lesson's folder (tests/mutants/vectors) or one mutant's
#            (tests/mutants/vectors/dot-off-by-one), relative to the course;
#            default: every folder under tests/mutants/
#   --course the course root (default: the folder above this script)
#
# For each mutant folder: every file besides mutant.yaml is diffed against
# the file of the same path under solutions/ (a file solutions/ lacks becomes
# a new file, from /dev/null), the diffs are written to change.patch, the
# patch is applied with `git apply` to a copy of solutions/ and compared byte
# for byte with the copies, and only then are the copies deleted. A folder
# that already holds only mutant.yaml and change.patch is left as it is, so
# running the script again changes nothing. Exit 0 when every folder is (now)
# a patch, 1 when some folder could not be converted (nothing of it is lost),
# 2 on a usage error.
set -euo pipefail

usage() { sed -n '5,11p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

course="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
folders=()
while (($#)); do
  case "$1" in
    --course) (($# >= 2)) || usage; course="$2"; shift 2 ;;
    -h|--help) usage ;;
    -*) echo "mutants_to_patches: unknown option $1" >&2; usage ;;
    *) folders+=("$1"); shift ;;
  esac
done
[ -f "$course/course.yaml" ] && [ -d "$course/solutions" ] ||
  { echo "mutants_to_patches: $course is not a course (no course.yaml or solutions/); pass --course DIR" >&2; exit 2; }
cd "$course"
((${#folders[@]})) || folders=(tests/mutants)

# Every mutant folder (one holding mutant.yaml) at or under the arguments.
mutant_folders=()
for f in "${folders[@]}"; do
  f="${f%/}"
  [ -d "$f" ] || { echo "mutants_to_patches: no folder $f under $course" >&2; exit 2; }
  while IFS= read -r spec; do mutant_folders+=("$(dirname "$spec")"); done < <(find "$f" -name mutant.yaml -type f | sort)
done
((${#mutant_folders[@]})) || { echo "mutants_to_patches: no mutant.yaml under ${folders[*]}" >&2; exit 2; }

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
converted=0 already=0 failed=0

convert() {
  local m="$1" patch="$scratch/change.patch" rel status copy
  local copies=()
  while IFS= read -r copy; do copies+=("$copy"); done < <(cd "$m" && find . -mindepth 1 ! -type d ! -name mutant.yaml ! -name change.patch | sed 's|^\./||' | sort)
  if ((${#copies[@]} == 0)); then
    [ -f "$m/change.patch" ] && { already=$((already + 1)); return 0; }
    echo "$m: neither copied files nor change.patch" >&2
    return 1
  fi
  if [ -e "$m/change.patch" ]; then
    echo "$m: holds change.patch and copied files (${copies[*]}); keep one of them" >&2
    return 1
  fi
  : >"$patch"
  for rel in "${copies[@]}"; do
    if [ -L "$m/$rel" ] || [ ! -f "$m/$rel" ]; then
      echo "$m/$rel: not a regular file" >&2
      return 1
    fi
    status=0
    if [ -f "solutions/$rel" ]; then
      diff -u --label "a/$rel" --label "b/$rel" "solutions/$rel" "$m/$rel" >>"$patch" || status=$?
    else
      diff -u --label /dev/null --label "b/$rel" /dev/null "$m/$rel" >>"$patch" || status=$?
    fi
    case $status in
      1) ;;
      0) echo "$m/$rel: the same as solutions/$rel; a mutant must change something" >&2; return 1 ;;
      *) echo "$m/$rel: diff failed" >&2; return 1 ;;
    esac
  done
  # Proof before deleting anything: the patch on a copy of solutions/ gives the copies back.
  rm -rf "$scratch/ws" && cp -a solutions "$scratch/ws"
  if ! (cd "$scratch/ws" && GIT_CEILING_DIRECTORIES="$scratch" git apply --whitespace=nowarn "$patch") 2>"$scratch/apply.err"; then
    echo "$m: the written patch does not apply: $(cat "$scratch/apply.err")" >&2
    return 1
  fi
  for rel in "${copies[@]}"; do
    cmp -s "$scratch/ws/$rel" "$m/$rel" || { echo "$m/$rel: the patch does not reproduce it" >&2; return 1; }
  done
  cp "$patch" "$m/change.patch" || return 1
  for rel in "${copies[@]}"; do rm -- "$m/$rel" || return 1; done
  find "$m" -mindepth 1 -type d -empty -delete
  converted=$((converted + 1))
}

for m in "${mutant_folders[@]}"; do
  convert "$m" || failed=$((failed + 1))
done
echo "mutants_to_patches: $converted converted, $already already patches, $failed failed (of ${#mutant_folders[@]})"
((failed == 0))
