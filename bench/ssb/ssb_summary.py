#!/usr/bin/env python3
"""ssb_summary.py - an ssb_gpu run (its --json output) against the targets of issue #38.

    ssb_summary.py SSB_GPU.json

Prints, as Markdown, the figures the targets name and whether each is met:
  - geometric mean over the 13 queries of tile / raw time: at most 1.1 (the paper: 1.35);
  - geometric mean of nvcomp / tile time: at least 2.6;
  - footprint of the 14 lineorder columns, raw / tile: at least 2.8, and tile no larger than
    nvCOMP Cascaded;
  - full decompression of every column by GPU-FOR and by GPU-DFOR: at least 0.90 of the copy
    limit.
The FastLanes columns (variant fastlanes, issue #38's variant (c)) have no target of their
own: their query times against raw and tile, footprint and slowest full decompression are
reported beside.
A figure the run did not measure (no nvCOMP) is reported as such. Exit status 0 always: the
verdicts are data, the answer checks are elsewhere (ssb_answers.py).
"""

import json
import sys


def verdict(ok):
    return "met" if ok else "NOT met"


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: ssb_summary.py SSB_GPU.json\n")
        return 2
    with open(argv[1]) as f:
        run = json.load(f)
    print("# SSB on %s, %d lineorder rows\n" % (run["device"], run["lineorder_rows"]))
    c = run["ceilings_gbps"]
    print("Ceilings (GB/s): copy %.0f, read %.0f, write %.0f.\n" % (c["copy"], c["read"],
                                                                    c["write"]))
    print("| target | measured | verdict |\n|---|---|---|")
    g = run["geomean"]
    if "tile_over_raw" in g:
        print("| tile / raw query time (geomean) <= 1.1 | %.3f | %s |"
              % (g["tile_over_raw"], verdict(g["tile_over_raw"] <= 1.1)))
    if "nvcomp_over_tile" in g:
        print("| nvcomp / tile query time (geomean) >= 2.6 | %.3f | %s |"
              % (g["nvcomp_over_tile"], verdict(g["nvcomp_over_tile"] >= 2.6)))
    else:
        print("| nvcomp / tile query time (geomean) >= 2.6 | not measured (no nvCOMP) | - |")
    fp = run["footprint_bytes"]
    ratio = fp["raw"] / fp["tile"]
    print("| footprint raw / tile >= 2.8 | %.3f | %s |" % (ratio, verdict(ratio >= 2.8)))
    if "nvcomp-cascaded" in fp:
        print("| footprint tile <= nvCOMP Cascaded | %d <= %d bytes | %s |"
              % (fp["tile"], fp["nvcomp-cascaded"], verdict(fp["tile"] <= fp["nvcomp-cascaded"])))
    for scheme in ("gpu-for", "gpu-dfor"):
        worst = min(run["columns"], key=lambda col: col["decompress"][scheme]["fraction_of_limit"])
        f = worst["decompress"][scheme]["fraction_of_limit"]
        print("| %s full decompression >= 0.90 of the limit, every column | min %.3f (%s) | %s |"
              % (scheme, f, worst["column"], verdict(f >= 0.9)))
    for key, name in (("fastlanes_over_raw", "fastlanes / raw"),
                      ("fastlanes_over_tile", "fastlanes / tile")):
        if key in g:
            print("| %s query time (geomean), no target | %.3f | - |" % (name, g[key]))
    if "fastlanes" in fp:
        print("| footprint raw / fastlanes, no target | %.3f | - |" % (fp["raw"] / fp["fastlanes"]))
    if all("auto" in col["decompress"] for col in run["columns"]):
        worst = min(run["columns"], key=lambda col: col["decompress"]["auto"]["fraction_of_limit"])
        print("| FastLanes (auto) full decompression, no target | min %.3f (%s) | - |"
              % (worst["decompress"]["auto"]["fraction_of_limit"], worst["column"]))
    times = [k for k in run["queries"][0] if k.endswith("_ms")]
    print("\n| query | " + " | ".join(k[:-3] + " ms" for k in times) + " |")
    print("|---" * (1 + len(times)) + "|")
    for q in run["queries"]:
        print("| %s | " % q["query"] + " | ".join("%.3f" % q[k] for k in times) + " |")
    formats = list(run["columns"][0]["bits_per_value"])
    print("\nBits per value:\n\n| column | tile scheme | " + " | ".join(formats) + " |\n" +
          "|---" * (2 + len(formats)) + "|")
    for col in run["columns"]:
        bits = col["bits_per_value"]
        print("| %s | %s | " % (col["column"], col["tile_scheme"]) +
              " | ".join("%.2f" % v for v in bits.values()) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
