"""bench/results.py — reading galp-bench's results (JSON, or the CSV it writes as it goes)
for bench/plot.py and bench/summarize.py. Rows whose check failed are left out, with a
warning: a wrong result has no throughput."""
import csv
import json
import sys

NUMERIC = ("values", "source_values", "decoded_bytes", "compressed_bytes", "ratio",
           "bit_width", "exception_rate", "median_ms", "min_ms", "runs", "gbps",
           "gvalues_per_ms", "limit_gbps", "fraction", "read_floor_ms", "floor_fraction")
# Columns that results of older benchmarks lack, read as 0 (not measured).
LATER = ("read_floor_ms", "floor_fraction")


def load_csv(path):
    """The CSV in the JSON's structure: '# key: value' lines, then one row per line."""
    doc = {"device": "?", "date": "?", "commit": "?", "command": "?", "ceilings_gbps": {}}
    with open(path) as f:
        lines = f.read().splitlines()
    for ln in lines:
        if ln.startswith("# ") and ": " in ln:
            key, value = ln[2:].split(": ", 1)
            if key == "ceilings_gbps":
                doc[key] = {k: float(v) for k, v in (kv.split("=") for kv in value.split())}
            else:
                doc[key] = value
    doc["rows"] = []
    for row in csv.DictReader(ln for ln in lines if not ln.startswith("#")):
        for k in NUMERIC:
            row[k] = float(row.get(k, 0) if k in LATER else row[k])
        doc["rows"].append(row)
    return doc


def load(path):
    if path.endswith(".csv"):
        doc = load_csv(path)
    else:
        with open(path) as f:
            doc = json.load(f)
        for r in doc["rows"]:
            for k in LATER:
                r.setdefault(k, 0.0)
    bad = [r for r in doc["rows"] if r["check"] != "ok"]
    for r in bad:
        print(f"results: {r['dataset']} {r['codec']} {r['op']}: {r['check']} (left out)",
              file=sys.stderr)
    doc["failed"] = len(bad)
    doc["rows"] = [r for r in doc["rows"] if r["check"] == "ok"]
    return doc


def subtitle(doc):
    return f"{doc['device']} · {doc['date']} · commit {doc['commit'][:10]}"
