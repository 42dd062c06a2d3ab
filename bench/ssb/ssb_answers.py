#!/usr/bin/env python3
"""ssb_answers.py - SSB answers compared with DuckDB's, query by query.

    ssb_answers.py EXPECTED_DIR GOT_DIR

EXPECTED_DIR holds DuckDB's answers (ssb_gen.py's answers/qN.M.csv), GOT_DIR a query engine's
answers in the same format. Every one of the 13 queries must be there, with the same header
and the same rows in the same order. Flight 3 orders by d_year, then revenue descending; rows
tied on both may come in any order, so they are compared in a canonical order. Prints PASS or
FAIL per query and exits 0 when all 13 agree.
"""

import csv
import os
import sys

QUERIES = ["q%d.%d" % (f, q) for f, n in ((1, 3), (2, 3), (3, 4), (4, 3)) for q in range(1, n + 1)]


def read(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def canonical(name, rows):
    """Flight 3: rows tied on (d_year, revenue) in a fixed order; other queries as written."""
    if not name.startswith("q3."):
        return rows
    return sorted(rows, key=lambda r: (int(r[2]), -int(r[3]), r[0], r[1]))


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: ssb_answers.py EXPECTED_DIR GOT_DIR\n")
        return 2
    failed = 0
    for name in QUERIES:
        want_path = os.path.join(argv[1], name + ".csv")
        got_path = os.path.join(argv[2], name + ".csv")
        if not os.path.isfile(got_path):
            print("FAIL %s: %s missing" % (name, got_path))
            failed += 1
            continue
        want_header, want = read(want_path)
        got_header, got = read(got_path)
        if got_header != want_header:
            problem = "header %s, expected %s" % (",".join(got_header), ",".join(want_header))
        elif got == want or canonical(name, got) == canonical(name, want):
            print("PASS %s: %d rows" % (name, len(want)))
            continue
        else:
            bad = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b),
                       min(len(got), len(want)))
            problem = "%d rows, expected %d; first difference at row %d: %s, expected %s" % (
                len(got), len(want), bad + 1, got[bad] if bad < len(got) else "none",
                want[bad] if bad < len(want) else "none")
        print("FAIL %s: %s" % (name, problem))
        failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
