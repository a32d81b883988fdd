#!/usr/bin/env bash
# The reference kernels against PyTorch and NumPy, side by side.
#   [RESULTS=DIR] bench/compare.sh [BUILD_DIR] [ROUNDS]      (defaults: build-bench, 5)
# Builds nothing: run `make -C BUILD_DIR mha_bench mha_bench_student_flags
# mha_bench_native` first. Each round runs every C++ build of the reference,
# then torch_mha.py, so load on a shared machine hits both sides alike; the
# table gives medians over all rounds and checks the (2048, 512) encoding
# against NumPy's to 1e-12.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build-bench}" && pwd)
rounds=${2:-5}
# RESULTS=DIR keeps the raw JSON there; otherwise a temporary folder is used.
if [[ -n "${RESULTS:-}" ]]; then
  out=$RESULTS
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi

programs=()
for p in mha_bench mha_bench_student_flags mha_bench_native; do
  [[ -x "$build/bin/$p" ]] && programs+=("$p")
done
((${#programs[@]})) || { echo "no mha_bench in $build/bin: make -C $build mha_bench" >&2; exit 2; }

# The flags each program's reference was compiled with, for the table's header.
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
type_flags=$(sed -n "s/^CMAKE_CXX_FLAGS_${build_type^^}:[A-Z]*=//p" "$build/CMakeCache.txt")
student_flags=$(sed -n 's/^COURSE_STUDENT_CXX_FLAGS:[A-Z]*=//p' "$build/CMakeCache.txt" | tr ';' ' ')
native=$(sed -n 's/^COURSE_REFERENCE_NATIVE:[A-Z]*=//p' "$build/CMakeCache.txt")
[[ "$native" == ON ]] && type_flags="$type_flags -march=native (COURSE_REFERENCE_NATIVE=ON)"
cat >"$out/flags.json" <<JSON
{"mha_bench": "course reference library, CMAKE_BUILD_TYPE=$build_type: $type_flags",
 "mha_bench_student_flags": "same sources, COURSE_STUDENT_CXX_FLAGS: $student_flags",
 "mha_bench_native": "same sources: -O3 -march=native -DNDEBUG"}
JSON

export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
for ((r = 1; r <= rounds; ++r)); do
  echo "round $r/$rounds ..." >&2
  for p in "${programs[@]}"; do
    "$build/bin/$p" --benchmark_format=json --benchmark_repetitions=3 --benchmark_min_time=0.2 >"$out/$p.$r.json"
  done
  /usr/bin/python3 "$here/torch_mha.py" --repetitions 3 --min-time 0.2 >"$out/torch.$r.jsonl"
done
"$build/bin/mha_bench" --dump-pe="$out/pe_cpp.bin" --benchmark_filter=none >/dev/null 2>&1
/usr/bin/python3 "$here/torch_mha.py" --only pe --repetitions 1 --min-time 0 --pe-out "$out/pe_numpy.bin" >/dev/null

/usr/bin/python3 "$here/lib/compare_table.py" "$out"
