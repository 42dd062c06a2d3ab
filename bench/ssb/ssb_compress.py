#!/usr/bin/env python3
"""ssb_compress.py - every SSB column compressed with every galp scheme for u32.

    ssb_compress.py [--galp PATH] [--json OUT.json] SSB_DIR

SSB_DIR is what ssb_gen.py wrote. Each columns/*.u32 file is encoded with `galp encode` in
each scheme (raw, ffor, gpu-for, gpu-dfor, gpu-rfor), checked with `galp verify` (bit-exact
round trip), and measured as bits per value of the whole file (header, metadata, payloads,
padding). "gpu-*" is the smallest of the three tile schemes, the paper's choice rule (Shanbhag
et al. §8: per column, the scheme with the smallest footprint). Prints a table and, with
--json, writes the figures as data.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

SCHEMES = ["raw", "ffor", "gpu-for", "gpu-dfor", "gpu-rfor"]
TILE = ["gpu-for", "gpu-dfor", "gpu-rfor"]


def encoded_size(galp, scheme, column, work):
    out = os.path.join(work, "column.galp")
    subprocess.run([galp, "encode", "--type", "u32", "--scheme", scheme, "--format", "binary",
                    "--no-checksum", "-q", column, out], check=True)
    subprocess.run([galp, "verify", out, column], check=True, stdout=subprocess.DEVNULL)
    return os.path.getsize(out)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--galp", default="galp", help="the galp program (default: on PATH)")
    parser.add_argument("--json", help="write the figures to this file")
    parser.add_argument("ssb_dir")
    args = parser.parse_args(argv[1:])
    with open(os.path.join(args.ssb_dir, "ssb.json")) as f:
        meta = json.load(f)

    columns = []
    with tempfile.TemporaryDirectory() as work:
        for table, names in meta["columns"].items():
            for name in names:
                path = os.path.join(args.ssb_dir, "columns", "%s.%s.u32" % (table, name))
                n = os.path.getsize(path) // 4
                if n != meta["rows"][table]:
                    raise SystemExit("%s: %d values, %s has %d rows" % (path, n, table,
                                                                          meta["rows"][table]))
                sizes = {s: encoded_size(args.galp, s, path, work) for s in SCHEMES}
                best = min(TILE, key=lambda s: sizes[s])
                columns.append({"table": table, "column": name, "values": n, "bytes": sizes,
                                "bits_per_value": {s: 8.0 * sizes[s] / n for s in SCHEMES},
                                "gpu_star": best})

    lineorder = [c for c in columns if c["table"] == "lineorder"]
    totals = {s: sum(c["bytes"][s] for c in lineorder) for s in SCHEMES}
    totals["gpu-*"] = sum(c["bytes"][c["gpu_star"]] for c in lineorder)
    uncompressed = sum(4 * c["values"] for c in lineorder)
    summary = {"lineorder_uncompressed_bytes": uncompressed, "lineorder_bytes": totals,
               "lineorder_ratio": {s: uncompressed / b for s, b in totals.items()}}

    print("%-28s %9s" % ("column (bits/value)", "values") +
          "".join(" %9s" % s for s in SCHEMES) + "  gpu-*")
    for c in columns:
        print("%-28s %9d" % (c["table"] + "." + c["column"], c["values"]) +
              "".join(" %9.3f" % c["bits_per_value"][s] for s in SCHEMES) + "  " + c["gpu_star"])
    print("lineorder, 14 columns: uncompressed / compressed = " +
          ", ".join("%s %.2f" % (s, r) for s, r in summary["lineorder_ratio"].items()))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"scale_factor": meta["scale_factor"], "duckdb": meta["duckdb"],
                       "columns": columns, "summary": summary}, f, indent=1, sort_keys=True)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
