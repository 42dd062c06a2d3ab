#!/bin/sh
# conformance/test_spec_vector_names.sh — the vector tables of spec/conformance.md §3.1 and §3.2
# name exactly the vectors of vectors/MANIFEST: every name in a table's first column, with its
# {a,b,...} sets expanded, is a vector of that kind (valid or invalid), every vector is named,
# and the counts in the two headings are the manifest's.
#
# Reads $GALP_SRCDIR (set by `make check`), else the current directory.
set -u

SRC=${GALP_SRCDIR:-.}
SPEC=$SRC/spec/conformance.md
MANIFEST=$SRC/vectors/MANIFEST
for f in "$SPEC" "$MANIFEST"; do
    if [ ! -r "$f" ]; then
        echo "test_spec_vector_names: cannot read $f (set GALP_SRCDIR)" >&2
        exit 99
    fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/galp-names.XXXXXX") || exit 99
trap 'rm -rf "$WORK"' EXIT

# The names of the tables, as valid/NAME and invalid/NAME, and each heading's count as
# "count valid N". A table row is a line starting with "| `"; its first cell holds the names.
awk '
function expand(name,    lb, rb, alts, n, i) {
    lb = index(name, "{")
    if (lb == 0) { print kind "/" name; return }
    rb = index(substr(name, lb), "}") + lb - 1
    n = split(substr(name, lb + 1, rb - lb - 1), alts, ",")
    for (i = 1; i <= n; i++)
        expand(substr(name, 1, lb - 1) alts[i] substr(name, rb + 1))
}
/^### 3\.1 / { kind = "valid" }
/^### 3\.2 / { kind = "invalid" }
/^## 4\./ { kind = "" }
/^### 3\.[12] / && match($0, /\([0-9]+\)/) {
    print "count " kind " " substr($0, RSTART + 1, RLENGTH - 2)
}
kind != "" && /^\| `/ {
    split($0, cells, "|")
    cell = cells[2]
    while (match(cell, /`[^`]+`/)) {
        expand(substr(cell, RSTART + 1, RLENGTH - 2))
        cell = substr(cell, RSTART + RLENGTH)
    }
}' "$SPEC" >"$WORK/spec.all"
grep -v '^count ' "$WORK/spec.all" | sort >"$WORK/spec.names"
grep '^count ' "$WORK/spec.all" | sort >"$WORK/spec.counts"

awk '$1 ~ /^(valid|invalid)\// { print $1 }' "$MANIFEST" | sort >"$WORK/manifest.names"
for kind in invalid valid; do
    echo "count $kind $(grep -c "^$kind/" "$WORK/manifest.names")"
done >"$WORK/manifest.counts"

failed=0
duplicates=$(uniq -d "$WORK/spec.names")
if [ -n "$duplicates" ]; then
    echo "FAIL: named more than once in spec/conformance.md:" $duplicates
    failed=1
fi
only_spec=$(sort -u "$WORK/spec.names" | comm -23 - "$WORK/manifest.names")
if [ -n "$only_spec" ]; then
    echo "FAIL: in spec/conformance.md but not in vectors/MANIFEST:" $only_spec
    failed=1
fi
only_manifest=$(sort -u "$WORK/spec.names" | comm -13 - "$WORK/manifest.names")
if [ -n "$only_manifest" ]; then
    echo "FAIL: in vectors/MANIFEST but not in spec/conformance.md:" $only_manifest
    failed=1
fi
if ! cmp -s "$WORK/spec.counts" "$WORK/manifest.counts"; then
    echo "FAIL: heading counts (spec/conformance.md, then vectors/MANIFEST):"
    cat "$WORK/spec.counts" "$WORK/manifest.counts"
    failed=1
fi
[ "$failed" -eq 0 ] && echo "test_spec_vector_names: $(wc -l <"$WORK/manifest.names") vectors named"
exit "$failed"
