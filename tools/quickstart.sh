#!/usr/bin/env bash
# README Quick start, command 1: install what is missing, build, and run the main job — encode,
# inspect, decode and verify two generated columns with the `galp` tool — then print a report.
#
# Works on a fresh Debian 12 / Ubuntu 24.04 machine as root, without a GPU (CUDA is used when
# nvcc is found). Safe to re-run: it installs only what is missing, configures only once, builds
# incrementally and regenerates the same data. Environment:
#   GALP_BUILD_DIR  build directory relative to the repository root (default _build)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
build=${GALP_BUILD_DIR:-_build}
jobs=$(nproc 2>/dev/null || echo 2)

# ---- 1. dependencies (apt-get, only what is missing) and build ------------------------------
bash tools/install-deps.sh
if [ ! -x configure ]; then
    echo "== autoreconf"
    autoreconf -fi >/dev/null
fi
mkdir -p "$build"
if [ ! -f "$build/Makefile" ]; then
    echo "== configure ($build)"
    (cd "$build" && ../configure >configure.out) || { cat "$build/configure.out"; exit 1; }
fi
echo "== make"
(cd "$build" && make -j"$jobs" >make.out 2>&1) || { tail -n 40 "$build/make.out"; exit 1; }
galp=$top/$build/galp

# ---- 2. the main job on generated data ----------------------------------------------------
work=$top/$build/quickstart
mkdir -p "$work"
cd "$work"

# A u32 column of event timestamps (seconds, increasing with jitter: small ranges per vector)
# and an f64 column of prices with two decimals, with a few NaN and infinities among them.
rows=200000
awk -v n=$rows 'BEGIN { for (i = 0; i < n; i++) printf "%d\n", 1700000000 + 3 * i + (i * 7919) % 61 }' \
    >timestamps.txt
awk -v n=$rows 'BEGIN { for (i = 0; i < n; i++) {
        if (i % 25013 == 17) print "nan"; else if (i % 50021 == 5) print (i % 2 ? "inf" : "-inf");
        else printf "%.2f\n", 5 + ((i * 7919) % 99500) / 100 } }' >prices.txt

# run CMD...: prints the command as a user would type it, then runs it.
run() {
    echo "\$ galp ${*}"
    "$galp" "$@"
}

field() { # field NAME FILE: the value of an `inspect` summary line
    awk -v name="$1" 'index($0, name) == 1 { sub("^" name " +", ""); print; exit }' "$2"
}

report=()
failures=0
for column in timestamps:u32 prices:f64; do
    name=${column%%:*} type=${column#*:}
    echo
    echo "== $name ($type)"
    run encode --type "$type" "$name.txt" "$name.galp"
    run inspect "$name.galp" | tee "$name.inspect"
    run decode "$name.galp" "$name.bin"
    run decode --text "$name.galp" "$name.decoded.txt"
    verdict=OK
    run verify "$name.galp" "$name.bin" || verdict=FAILED
    run verify "$name.galp" "$name.txt" || verdict=FAILED
    [ "$verdict" = OK ] || failures=$((failures + 1))
    report+=("$(printf '%-18s %8s %10s %10s %10s  %-7s %-8s %-7s %s' "$name ($type)" \
        "$(field values "$name.inspect")" "$(stat -c %s "$name.txt")" "$(stat -c %s "$name.bin")" \
        "$(stat -c %s "$name.galp")" "$(field ratio "$name.inspect" | cut -d' ' -f1)" \
        "$(field bits/value "$name.inspect" | cut -d' ' -f1)" \
        "$(field 'column scheme' "$name.inspect")" "$verdict")")
done

echo
echo "== report (files in $work)"
printf '%-18s %8s %10s %10s %10s  %-7s %-8s %-7s %s\n' column values "text B" "raw B" \
    "galp B" ratio bits/val scheme verify
printf '%s\n' "${report[@]}"
if [ "$failures" -ne 0 ]; then
    echo "quickstart: $failures column(s) did not verify" >&2
    exit 1
fi

# ---- 3. conformance run (appended by the lead) ----------------------------------------------
# The reference decoder against the golden vectors (vectors/MANIFEST): every valid vector must
# decode bit-exactly and every invalid one be rejected with its error class.
echo
echo "== conformance: galp-conform (reference decoder, golden vectors)"
status=0
"$top/$build/galp-conform" --vectors "$top/vectors" >conformance.txt 2>&1 || status=$?
tail -n 1 conformance.txt
[ "$status" -eq 0 ] || { cat conformance.txt; echo "quickstart: conformance run failed" >&2; exit 1; }
