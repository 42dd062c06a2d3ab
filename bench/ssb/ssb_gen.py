#!/usr/bin/env python3
"""ssb_gen.py - Star Schema Benchmark data from DuckDB's TPC-H generator.

    ssb_gen.py [--sf SF] [--jobs N] OUT_DIR

Generates TPC-H at scale factor SF with DuckDB's tpch extension (dbgen), derives the SSB tables
from it as the SSB specification (P. O'Neil, E. O'Neil, X. Chen, "Star Schema Benchmark",
revision 3) defines them, with SSB's cardinalities (docs/SSB.md says exactly how), and writes
into OUT_DIR:

    columns/TABLE.COLUMN.u32   every integer column the 13 queries and the paper's lineorder
                               set need, as raw little-endian u32 values (strings
                               dictionary-encoded, codes in byte order of the strings)
    dicts/TABLE.COLUMN.txt     the dictionary of an encoded column: line k is code k's string
    answers/qN.M.csv           DuckDB's answer to each of the 13 SSB queries on the same data
    ssb.json                   scale factor, row counts, column list, versions

The tpch extension is loaded from the file the duckdb-ext-tpch wheel installs (no network):
the connection is opened with allow_unsigned_extensions. Nothing here is random: the same SF
gives the same bytes, whatever --jobs.

dbgen runs on one core, and its state is not thread-safe: with --jobs N (default: one per
core) N processes each generate one of N parts of the TPC-H tables (dbgen's children and
step), each into its own database file in OUT_DIR, which are then copied into one database.
The parts together are exactly the tables a single dbgen writes.
"""

import argparse
import csv
import importlib.util
import json
import multiprocessing
import os
import sys

import duckdb

try:
    import numpy  # optional: exports a column in one piece instead of row by row
except ImportError:
    numpy = None

# SSB's 13 queries (the specification's text; "date" is the table DuckDB calls ssb_date).
QUERIES = {
    "q1.1": """select sum(lo_extendedprice * lo_discount) as revenue
        from lineorder, ssb_date where lo_orderdate = d_datekey and d_year = 1993
        and lo_discount between 1 and 3 and lo_quantity < 25""",
    "q1.2": """select sum(lo_extendedprice * lo_discount) as revenue
        from lineorder, ssb_date where lo_orderdate = d_datekey and d_yearmonthnum = 199401
        and lo_discount between 4 and 6 and lo_quantity between 26 and 35""",
    "q1.3": """select sum(lo_extendedprice * lo_discount) as revenue
        from lineorder, ssb_date where lo_orderdate = d_datekey and d_weeknuminyear = 6
        and d_year = 1994 and lo_discount between 5 and 7 and lo_quantity between 26 and 35""",
    "q2.1": """select sum(lo_revenue), d_year, p_brand1
        from lineorder, ssb_date, part, supplier
        where lo_orderdate = d_datekey and lo_partkey = p_partkey and lo_suppkey = s_suppkey
        and p_category = 'MFGR#12' and s_region = 'AMERICA'
        group by d_year, p_brand1 order by d_year, p_brand1""",
    "q2.2": """select sum(lo_revenue), d_year, p_brand1
        from lineorder, ssb_date, part, supplier
        where lo_orderdate = d_datekey and lo_partkey = p_partkey and lo_suppkey = s_suppkey
        and p_brand1 between 'MFGR#2221' and 'MFGR#2228' and s_region = 'ASIA'
        group by d_year, p_brand1 order by d_year, p_brand1""",
    "q2.3": """select sum(lo_revenue), d_year, p_brand1
        from lineorder, ssb_date, part, supplier
        where lo_orderdate = d_datekey and lo_partkey = p_partkey and lo_suppkey = s_suppkey
        and p_brand1 = 'MFGR#2239' and s_region = 'EUROPE'
        group by d_year, p_brand1 order by d_year, p_brand1""",
    "q3.1": """select c_nation, s_nation, d_year, sum(lo_revenue) as revenue
        from customer, lineorder, supplier, ssb_date
        where lo_custkey = c_custkey and lo_suppkey = s_suppkey and lo_orderdate = d_datekey
        and c_region = 'ASIA' and s_region = 'ASIA' and d_year >= 1992 and d_year <= 1997
        group by c_nation, s_nation, d_year order by d_year asc, revenue desc""",
    "q3.2": """select c_city, s_city, d_year, sum(lo_revenue) as revenue
        from customer, lineorder, supplier, ssb_date
        where lo_custkey = c_custkey and lo_suppkey = s_suppkey and lo_orderdate = d_datekey
        and c_nation = 'UNITED STATES' and s_nation = 'UNITED STATES'
        and d_year >= 1992 and d_year <= 1997
        group by c_city, s_city, d_year order by d_year asc, revenue desc""",
    "q3.3": """select c_city, s_city, d_year, sum(lo_revenue) as revenue
        from customer, lineorder, supplier, ssb_date
        where lo_custkey = c_custkey and lo_suppkey = s_suppkey and lo_orderdate = d_datekey
        and (c_city = 'UNITED KI1' or c_city = 'UNITED KI5')
        and (s_city = 'UNITED KI1' or s_city = 'UNITED KI5')
        and d_year >= 1992 and d_year <= 1997
        group by c_city, s_city, d_year order by d_year asc, revenue desc""",
    "q3.4": """select c_city, s_city, d_year, sum(lo_revenue) as revenue
        from customer, lineorder, supplier, ssb_date
        where lo_custkey = c_custkey and lo_suppkey = s_suppkey and lo_orderdate = d_datekey
        and (c_city = 'UNITED KI1' or c_city = 'UNITED KI5')
        and (s_city = 'UNITED KI1' or s_city = 'UNITED KI5') and d_yearmonth = 'Dec1997'
        group by c_city, s_city, d_year order by d_year asc, revenue desc""",
    "q4.1": """select d_year, c_nation, sum(lo_revenue - lo_supplycost) as profit
        from ssb_date, customer, supplier, part, lineorder
        where lo_custkey = c_custkey and lo_suppkey = s_suppkey and lo_partkey = p_partkey
        and lo_orderdate = d_datekey and c_region = 'AMERICA' and s_region = 'AMERICA'
        and (p_mfgr = 'MFGR#1' or p_mfgr = 'MFGR#2')
        group by d_year, c_nation order by d_year, c_nation""",
    "q4.2": """select d_year, s_nation, p_category, sum(lo_revenue - lo_supplycost) as profit
        from ssb_date, customer, supplier, part, lineorder
        where lo_custkey = c_custkey and lo_suppkey = s_suppkey and lo_partkey = p_partkey
        and lo_orderdate = d_datekey and c_region = 'AMERICA' and s_region = 'AMERICA'
        and (d_year = 1997 or d_year = 1998) and (p_mfgr = 'MFGR#1' or p_mfgr = 'MFGR#2')
        group by d_year, s_nation, p_category order by d_year, s_nation, p_category""",
    "q4.3": """select d_year, s_city, p_brand1, sum(lo_revenue - lo_supplycost) as profit
        from ssb_date, customer, supplier, part, lineorder
        where lo_custkey = c_custkey and lo_suppkey = s_suppkey and lo_partkey = p_partkey
        and lo_orderdate = d_datekey and c_region = 'AMERICA' and s_nation = 'UNITED STATES'
        and (d_year = 1997 or d_year = 1998) and p_category = 'MFGR#14'
        group by d_year, s_city, p_brand1 order by d_year, s_city, p_brand1""",
}

# The SSB tables, derived from TPC-H (docs/SSB.md). Money is in cents and percentages in
# whole percent, so that every lineorder column is an integer, as in SSB's dbgen. {customer},
# {supplier} and {part} are the SSB row counts of those tables (ssb_rows).
DERIVE = [
    # SSB §2.3: 10 cities per nation, the nation name's first 9 characters (space-padded) and a
    # digit; the specification does not say which customer lives where, so the digit is the
    # key modulo 10.
    """create table customer as select c_custkey,
        rpad(left(n_name, 9), 9, ' ') || (c_custkey % 10)::varchar as c_city,
        n_name as c_nation, r_name as c_region
        from tpch.customer join tpch.nation on c_nationkey = n_nationkey
        join tpch.region on n_regionkey = r_regionkey
        where c_custkey <= {customer}""",
    """create table supplier as select s_suppkey,
        rpad(left(n_name, 9), 9, ' ') || (s_suppkey % 10)::varchar as s_city,
        n_name as s_nation, r_name as s_region
        from tpch.supplier join tpch.nation on s_nationkey = n_nationkey
        join tpch.region on n_regionkey = r_regionkey
        where s_suppkey <= {supplier}""",
    # SSB §2.2: MFGR#M (5), category MFGR#MN (25), brand MFGR#MNK with K = 1 … 40 (1000).
    # M and N are TPC-H's Manufacturer#M and Brand#MN; TPC-H has no K, which is taken as
    # 1 + partkey mod 40.
    """create table part as select p_partkey,
        'MFGR#' || right(p_mfgr, 1) as p_mfgr,
        'MFGR#' || right(p_brand, 2) as p_category,
        'MFGR#' || right(p_brand, 2) || (1 + p_partkey % 40)::varchar as p_brand1
        from tpch.part where p_partkey <= {part}""",
    # SSB §2.5: one row per day of 1992 … 1998; week number (day of year − 1) / 7 + 1.
    """create table ssb_date as select
        (year(d) * 10000 + month(d) * 100 + day(d))::integer as d_datekey,
        year(d)::integer as d_year,
        (year(d) * 100 + month(d))::integer as d_yearmonthnum,
        ((dayofyear(d) - 1) // 7 + 1)::integer as d_weeknuminyear,
        strftime(d, '%b') || year(d)::varchar as d_yearmonth
        from (select unnest(range(date '1992-01-01', date '1999-01-01', interval 1 day))::date
              as d)""",
    # SSB §2.1: lineorder = lineitem joined with its order; supply cost from partsupp, joined on
    # TPC-H's own keys (the pair (l_partkey, l_suppkey) is a partsupp row; a folded pair need
    # not be). Only the written keys are folded onto the smaller SSB tables, key' =
    # (key - 1) mod N + 1, so that each references a row of its table.
    """create table lineorder as select
        l_orderkey as lo_orderkey, l_linenumber as lo_linenumber,
        (o_custkey - 1) % {customer} + 1 as lo_custkey,
        (l_partkey - 1) % {part} + 1 as lo_partkey,
        (l_suppkey - 1) % {supplier} + 1 as lo_suppkey,
        (year(o_orderdate) * 10000 + month(o_orderdate) * 100 + day(o_orderdate))::integer
            as lo_orderdate,
        l_quantity::integer as lo_quantity,
        round(l_extendedprice * 100)::bigint as lo_extendedprice,
        round(o_totalprice * 100)::bigint as lo_ordtotalprice,
        round(l_discount * 100)::integer as lo_discount,
        (round(l_extendedprice * 100)::bigint * (100 - round(l_discount * 100)::integer)) // 100
            as lo_revenue,
        round(ps_supplycost * 100)::bigint as lo_supplycost,
        round(l_tax * 100)::integer as lo_tax,
        (year(l_commitdate) * 10000 + month(l_commitdate) * 100 + day(l_commitdate))::integer
            as lo_commitdate
        from tpch.lineitem join tpch.orders on l_orderkey = o_orderkey
        join tpch.partsupp on l_partkey = ps_partkey and l_suppkey = ps_suppkey
        order by l_orderkey, l_linenumber""",
]

# The columns written: the paper's 14 lineorder columns, and the dimension columns the queries
# read. Strings are dictionary-encoded.
COLUMNS = {
    "lineorder": ["lo_orderkey", "lo_linenumber", "lo_custkey", "lo_partkey", "lo_suppkey",
                  "lo_orderdate", "lo_quantity", "lo_extendedprice", "lo_ordtotalprice",
                  "lo_discount", "lo_revenue", "lo_supplycost", "lo_tax", "lo_commitdate"],
    "ssb_date": ["d_datekey", "d_year", "d_yearmonthnum", "d_weeknuminyear", "d_yearmonth"],
    "customer": ["c_custkey", "c_city", "c_nation", "c_region"],
    "supplier": ["s_suppkey", "s_city", "s_nation", "s_region"],
    "part": ["p_partkey", "p_mfgr", "p_category", "p_brand1"],
}
ORDER = {"lineorder": "lo_orderkey, lo_linenumber", "ssb_date": "d_datekey",
         "customer": "c_custkey", "supplier": "s_suppkey", "part": "p_partkey"}


def tpch_extension():
    """The tpch.duckdb_extension file of the duckdb-ext-tpch wheel for this duckdb."""
    spec = importlib.util.find_spec("duckdb_ext")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("ssb_gen.py: the duckdb-ext-tpch wheel is not installed")
    for root in spec.submodule_search_locations:
        base = os.path.join(root, "extensions", "v" + duckdb.__version__)
        if os.path.isdir(base):
            for platform in sorted(os.listdir(base)):
                path = os.path.join(base, platform, "tpch.duckdb_extension")
                if os.path.isfile(path):
                    return path
    raise SystemExit("ssb_gen.py: no tpch.duckdb_extension for duckdb " + duckdb.__version__)


def connect(path=":memory:"):
    con = duckdb.connect(path, config={"allow_unsigned_extensions": "true"})
    con.execute("set enable_progress_bar = false")
    con.execute("load '%s'" % tpch_extension().replace("'", "''"))
    return con


def generate_part(sf, jobs, step, path):
    """Part `step` of `jobs` of the TPC-H tables, into the database file `path`."""
    con = connect(path)
    con.execute("call dbgen(sf = %r, children = %d, step = %d)" % (sf, jobs, step))
    con.close()


def generate_tpch(con, sf, jobs, out_dir):
    """TPC-H at scale factor sf in con's schema tpch, generated by `jobs` processes."""
    con.execute("create schema tpch")
    if jobs <= 1:
        con.execute("call dbgen(sf = %r, schema = 'tpch')" % sf)
        return
    con.execute("call dbgen(sf = 0, schema = 'tpch')")  # the tables, empty
    paths = [os.path.join(out_dir, "tpch-part-%d.duckdb" % step) for step in range(jobs)]
    for path in paths:
        if os.path.exists(path):
            os.remove(path)
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        pool.starmap(generate_part, [(sf, jobs, step, path) for step, path in enumerate(paths)])
    tables = [r[0] for r in con.execute("select table_name from information_schema.tables "
                                        "where table_schema = 'tpch'").fetchall()]
    for step, path in enumerate(paths):
        con.execute("attach '%s' as part_%d (read_only)" % (path.replace("'", "''"), step))
        for table in tables:
            con.execute("insert into tpch.%s select * from part_%d.main.%s" % (table, step, table))
        con.execute("detach part_%d" % step)
        os.remove(path)


def ssb_rows(con):
    """SSB's row counts of customer, supplier and part for the TPC-H tables in con's schema tpch.

    SSB §2 scales customer by 30 000, supplier by 2 000 and part by 200 000 · ⌊1 + log2 SF⌋
    rows, where TPC-H has 150 000, 10 000 and 200 000 · SF. DuckDB's dbgen generates TPC-H at
    the scale ⌊SF⌋ from 1 up and ⌊1000 · SF⌋ / 1000 below (each table at least one row); SSB's
    dbgen also takes ⌊SF⌋ from 1 up, and below 1 scales every table by SF, part included. So
    customer and supplier have a fifth of TPC-H's rows, and part TPC-H's below scale 1 and
    200 000 · ⌊1 + log2 s⌋ rows at the integer scale s from 1 up; every table at least one.
    """
    tpch = {t: con.execute("select count(*) from tpch.%s" % t).fetchone()[0]
            for t in ("customer", "supplier", "part")}
    scale = tpch["part"] // 200000  # dbgen's integer scale; 0 below 1
    return {"customer": max(1, tpch["customer"] // 5), "supplier": max(1, tpch["supplier"] // 5),
            "part": 200000 * scale.bit_length() if scale else tpch["part"]}


def write_column(con, table, column, out_dir):
    """The column as little-endian u32 values; a string column as its dictionary codes."""
    kind = con.execute("select data_type from information_schema.columns where table_name = ? "
                       "and column_name = ?", [table, column]).fetchone()[0]
    path = os.path.join(out_dir, "columns", "%s.%s.u32" % (table, column))
    if kind == "VARCHAR":
        words = [r[0] for r in con.execute(
            "select distinct %s from %s order by %s" % (column, table, column)).fetchall()]
        with open(os.path.join(out_dir, "dicts", "%s.%s.txt" % (table, column)), "w") as f:
            f.write("".join(w + "\n" for w in words))
        select = ("select (d.code - 1)::bigint from %s t join (select w, row_number() over "
                  "(order by w) as code from (select distinct %s as w from %s)) d on t.%s = d.w "
                  "order by %s" % (table, column, table, column, ORDER[table]))
    else:
        select = "select %s::bigint from %s order by %s" % (column, table, ORDER[table])
    low, high = con.execute("select min(v), max(v), count(*) from (%s) as c(v)" % select).fetchone()[:2]
    if low < 0 or high > 0xFFFFFFFF:
        raise SystemExit("ssb_gen.py: %s.%s does not fit in u32 (%d … %d)" % (table, column, low, high))
    result = con.execute(select)
    with open(path, "wb") as f:
        if numpy is not None:
            f.write(next(iter(result.fetchnumpy().values())).astype("<u4").tobytes())
            return
        while True:
            rows = result.fetchmany(1 << 16)
            if not rows:
                break
            f.write(b"".join(r[0].to_bytes(4, "little") for r in rows))


def write_answers(con, out_dir):
    for name, sql in QUERIES.items():
        cursor = con.execute(sql)
        with open(os.path.join(out_dir, "answers", name + ".csv"), "w", newline="") as f:
            out = csv.writer(f, lineterminator="\n")
            out.writerow([d[0] for d in cursor.description])
            out.writerows(cursor.fetchall())


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sf", type=float, default=1.0, help="TPC-H scale factor (default 1)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="dbgen processes (default: one per core)")
    parser.add_argument("out_dir")
    args = parser.parse_args(argv[1:])
    for sub in ("columns", "dicts", "answers"):
        os.makedirs(os.path.join(args.out_dir, sub), exist_ok=True)

    con = connect()
    generate_tpch(con, args.sf, args.jobs, args.out_dir)
    dimension_rows = ssb_rows(con)
    for sql in DERIVE:
        con.execute(sql.format(**dimension_rows))

    rows = {}
    for table, columns in COLUMNS.items():
        rows[table] = con.execute("select count(*) from %s" % table).fetchone()[0]
        for column in columns:
            write_column(con, table, column, args.out_dir)
    write_answers(con, args.out_dir)
    with open(os.path.join(args.out_dir, "ssb.json"), "w") as f:
        json.dump({"scale_factor": args.sf, "rows": rows, "columns": COLUMNS,
                   "queries": list(QUERIES), "duckdb": duckdb.__version__,
                   "generator": "DuckDB tpch dbgen, SSB derived as in docs/SSB.md"},
                  f, indent=2, sort_keys=True)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
