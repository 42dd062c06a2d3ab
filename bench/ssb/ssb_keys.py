#!/usr/bin/env python3
"""ssb_keys.py - the SSB column files' keys: dense dimension keys, every lineorder key resolved.

    ssb_keys.py SSB_DIR

Reads the key columns ssb_gen.py wrote and requires that each of customer, supplier and part
has the keys 1 … N in row order (the query plans and ssb_check.py index those tables by key)
and that every lineorder row references existing rows: lo_custkey, lo_suppkey and lo_partkey
in 1 … N of their table (ssb_gen.py folds TPC-H's keys onto SSB's smaller tables),
lo_orderdate and lo_commitdate among the d_datekey values. Prints the row counts; exit 0 when
every key resolves, 1 with the first unresolved key otherwise.
"""

import array
import sys

from ssb_check import load  # one column file as u32 values

# (lineorder column, dimension table, its key column)
FOREIGN_KEYS = [("lo_custkey", "customer", "c_custkey"), ("lo_suppkey", "supplier", "s_suppkey"),
                ("lo_partkey", "part", "p_partkey"), ("lo_orderdate", "ssb_date", "d_datekey"),
                ("lo_commitdate", "ssb_date", "d_datekey")]


def first_unresolved(column, keys):
    """Index of the first value of column not in the set keys, or None."""
    for i, v in enumerate(column):
        if v not in keys:
            return i
    return None


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: ssb_keys.py SSB_DIR\n")
        return 2
    d = argv[1]
    rows = {}
    for _, table, key in FOREIGN_KEYS:
        if table in rows:
            continue
        keys = load(d, table, key)
        if not keys:
            sys.stderr.write("ssb_keys.py: %s has no rows\n" % table)
            return 1
        if table != "ssb_date" and keys != array.array("I", range(1, len(keys) + 1)):
            sys.stderr.write("ssb_keys.py: %s.%s is not 1 … %d in row order\n"
                             % (table, key, len(keys)))
            return 1
        rows[table] = keys
    for column, table, key in FOREIGN_KEYS:
        values = load(d, "lineorder", column)
        keys = rows[table]
        bad = first_unresolved(values, set(keys) if table == "ssb_date"
                               else range(1, len(keys) + 1))
        if bad is not None:
            sys.stderr.write("ssb_keys.py: lineorder row %d: %s = %d has no %s row (%s)\n"
                             % (bad, column, values[bad], table, key))
            return 1
    print("lineorder %d rows; customer %d, supplier %d, part %d, ssb_date %d: every key resolves"
          % (len(values), len(rows["customer"]), len(rows["supplier"]), len(rows["part"]),
             len(rows["ssb_date"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
