#!/usr/bin/env bash
# CPU seconds per target of a file of compile times (bench/lib/time_compile.sh
# writes it: "user sys wall OBJECT" a line), largest first, then the total
# ("all compiles") on stderr. The target of an object is the folder before
# ".dir" in its path.
#   bench/lib/compile_summary.sh TIMES
awk '{ cpu = $1 + $2; n = split($4, p, "/"); t = "?"; for (i = 1; i <= n; i++) if (p[i] ~ /\.dir$/) t = p[i];
       sub(/\.dir$/, "", t); s[t] += cpu; c[t]++; total += cpu; jobs++ }
     END { for (t in s) printf "%8.1f %4d  %s\n", s[t], c[t], t;
           printf "%8.1f %4d  all compiles\n", total, jobs > "/dev/stderr" }' "${1:?the file of compile times}" | sort -rn
