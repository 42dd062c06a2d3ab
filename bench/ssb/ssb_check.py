#!/usr/bin/env python3
"""ssb_check.py - five SSB queries recomputed from the column files, against DuckDB's answers.

    ssb_check.py SSB_DIR

Reads only what ssb_gen.py wrote as data (columns/*.u32 and dicts/*.txt), evaluates q1.1,
q1.2, q1.3, q2.1, q3.1 and q4.1 in plain Python, the way a query kernel over those columns would
(dimension keys are dense, 1 … N, as TPC-H makes them), and compares each result with
answers/QUERY.csv, which DuckDB computed from the string tables. A difference means the
columns or dictionaries do not say what the tables say. Exit 0 when all agree.
"""

import array
import csv
import os
import sys


def load(ssb_dir, table, column):
    values = array.array("I")
    with open(os.path.join(ssb_dir, "columns", "%s.%s.u32" % (table, column)), "rb") as f:
        values.frombytes(f.read())
    if sys.byteorder != "little":
        values.byteswap()
    return values


def words(ssb_dir, table, column):
    with open(os.path.join(ssb_dir, "dicts", "%s.%s.txt" % (table, column))) as f:
        return f.read().split("\n")[:-1]


def decoded(ssb_dir, table, column):
    dictionary = words(ssb_dir, table, column)
    return [dictionary[code] for code in load(ssb_dir, table, column)]


def by_key(keys, values):
    """A dense-key dimension column: index = key."""
    out = [None] * (max(keys) + 1 if keys else 1)
    for k, v in zip(keys, values):
        out[k] = v
    return out


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: ssb_check.py SSB_DIR\n")
        return 2
    d = argv[1]
    lo = {c: load(d, "lineorder", c) for c in
          ("lo_custkey", "lo_partkey", "lo_suppkey", "lo_orderdate", "lo_quantity",
           "lo_extendedprice", "lo_discount", "lo_revenue", "lo_supplycost")}
    datekey = load(d, "ssb_date", "d_datekey")
    year = dict(zip(datekey, load(d, "ssb_date", "d_year")))
    yearmonthnum = dict(zip(datekey, load(d, "ssb_date", "d_yearmonthnum")))
    week = dict(zip(datekey, load(d, "ssb_date", "d_weeknuminyear")))
    c_keys, s_keys, p_keys = (load(d, t, k) for t, k in
                              (("customer", "c_custkey"), ("supplier", "s_suppkey"),
                               ("part", "p_partkey")))
    c_region = by_key(c_keys, decoded(d, "customer", "c_region"))
    c_nation = by_key(c_keys, decoded(d, "customer", "c_nation"))
    s_region = by_key(s_keys, decoded(d, "supplier", "s_region"))
    s_nation = by_key(s_keys, decoded(d, "supplier", "s_nation"))
    p_category = by_key(p_keys, decoded(d, "part", "p_category"))
    p_brand1 = by_key(p_keys, decoded(d, "part", "p_brand1"))
    p_mfgr = by_key(p_keys, decoded(d, "part", "p_mfgr"))
    rows = range(len(lo["lo_orderdate"]))

    def flight1(date_ok, discounts, quantity_ok):
        return [[sum(lo["lo_extendedprice"][i] * lo["lo_discount"][i] for i in rows
                     if date_ok(lo["lo_orderdate"][i]) and lo["lo_discount"][i] in discounts
                     and quantity_ok(lo["lo_quantity"][i]))]]

    def grouped(key_of, value_of, row_ok, order):
        groups = {}
        for i in rows:
            if row_ok(i):
                k = key_of(i)
                groups[k] = groups.get(k, 0) + value_of(i)
        return sorted(([*k, v] for k, v in groups.items()), key=order)

    date, cust, supp, part = (lo["lo_orderdate"], lo["lo_custkey"], lo["lo_suppkey"],
                              lo["lo_partkey"])
    computed = {
        "q1.1": flight1(lambda t: year[t] == 1993, range(1, 4), lambda q: q < 25),
        "q1.2": flight1(lambda t: yearmonthnum[t] == 199401, range(4, 7), lambda q: 26 <= q <= 35),
        "q1.3": flight1(lambda t: week[t] == 6 and year[t] == 1994, range(5, 8),
                        lambda q: 26 <= q <= 35),
        "q2.1": [[v, y, b] for y, b, v in grouped(
            lambda i: (year[date[i]], p_brand1[part[i]]), lambda i: lo["lo_revenue"][i],
            lambda i: p_category[part[i]] == "MFGR#12" and s_region[supp[i]] == "AMERICA",
            lambda r: (r[0], r[1]))],
        "q3.1": grouped(
            lambda i: (c_nation[cust[i]], s_nation[supp[i]], year[date[i]]),
            lambda i: lo["lo_revenue"][i],
            lambda i: c_region[cust[i]] == "ASIA" and s_region[supp[i]] == "ASIA"
            and 1992 <= year[date[i]] <= 1997,
            lambda r: (r[2], -r[3])),
        "q4.1": grouped(
            lambda i: (year[date[i]], c_nation[cust[i]]),
            lambda i: lo["lo_revenue"][i] - lo["lo_supplycost"][i],
            lambda i: c_region[cust[i]] == "AMERICA" and s_region[supp[i]] == "AMERICA"
            and p_mfgr[part[i]] in ("MFGR#1", "MFGR#2"),
            lambda r: (r[0], r[1])),
    }
    failed = 0
    for name, result in computed.items():
        with open(os.path.join(d, "answers", name + ".csv")) as f:
            answer = [[int(x) if x.lstrip("-").isdigit() else x for x in row]
                      for row in list(csv.reader(f))[1:]]
        if name == "q3.1":  # ties in revenue may come in either order
            answer.sort(key=lambda r: (r[2], -r[3], r[0], r[1]))
            result.sort(key=lambda r: (r[2], -r[3], r[0], r[1]))
        ok = [[str(x) for x in r] for r in result] == [[str(x) for x in r] for r in answer]
        failed += not ok
        print("%s %s: %d rows" % ("PASS" if ok else "FAIL", name, len(answer)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
