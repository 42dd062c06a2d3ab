#!/usr/bin/env python3
"""bench/compare.py — two builds' galp-bench results side by side (an A/B).

    python3 bench/compare.py --base A1.csv [A2.csv ...] --new B1.csv [B2.csv ...] [--ops pushdown,exists]

Runs of the same build (same call, same GPU: docs/PERFORMANCE.md says why only those compare)
are merged per dataset by their median. For each value type and operation of the galp codec
it prints the median throughput of each build over the real datasets, the median, lowest
and highest per-dataset ratio new/base (with the datasets), the median fraction of the
limit, and how many datasets reach --at of their limit. With --datasets, one line per
dataset too. Rows whose check failed are left out by bench/results.py, with a warning."""
import argparse
import statistics
import sys

from results import load


def merged(paths):
    """(type, op, dataset) -> (G values/ms, fraction of the limit): medians over the runs."""
    runs = {}
    for path in paths:
        for r in load(path)["rows"]:
            if r["codec"] != "galp" or r["source"] not in ("rowgroup", "sample"):
                continue
            key = (r["type"], r["op"], r["dataset"])
            runs.setdefault(key, []).append((r["gvalues_per_ms"], r["fraction"]))
    return {k: (statistics.median(g for g, _ in v), statistics.median(f for _, f in v))
            for k, v in runs.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", nargs="+", required=True, help="galp-bench CSV or JSON of the base build")
    ap.add_argument("--new", nargs="+", required=True, help="... of the build compared with it")
    ap.add_argument("--ops", default="decompress,sum,filter,pushdown,exists")
    ap.add_argument("--at", type=float, default=0.70, help="fraction of the limit to count (0.70)")
    ap.add_argument("--datasets", action="store_true", help="one line per dataset too")
    a = ap.parse_args()
    base, new = merged(a.base), merged(a.new)
    print(f"base: {' '.join(a.base)}\nnew:  {' '.join(a.new)}\n")
    print(f"{'type':4} {'op':10} {'n':>3} {'base':>7} {'new':>7} {'ratio':>6} {'lowest':>24} "
          f"{'highest':>24} {'frac b':>6} {'frac n':>6} {'>=at b/n':>9}")
    for vtype in ("f64", "f32"):
        for op in a.ops.split(","):
            keys = sorted(k for k in base if k[0] == vtype and k[1] == op and k in new)
            if not keys:
                continue
            ratio = {k[2]: new[k][0] / base[k][0] for k in keys}
            lo = min(ratio, key=ratio.get)
            hi = max(ratio, key=ratio.get)
            print(f"{vtype:4} {op:10} {len(keys):3} "
                  f"{statistics.median(base[k][0] for k in keys):7.3f} "
                  f"{statistics.median(new[k][0] for k in keys):7.3f} "
                  f"{statistics.median(ratio.values()):6.3f} "
                  f"{lo[:16]:>16} {ratio[lo]:6.3f}  {hi[:16]:>16} {ratio[hi]:6.3f} "
                  f"{statistics.median(base[k][1] for k in keys):6.1%} "
                  f"{statistics.median(new[k][1] for k in keys):6.1%} "
                  f"{sum(base[k][1] >= a.at for k in keys):4}/{sum(new[k][1] >= a.at for k in keys):<4}")
            if a.datasets:
                for k in keys:
                    print(f"     {k[2]:32} {base[k][0]:7.3f} {new[k][0]:7.3f} {ratio[k[2]]:6.3f} "
                          f"{base[k][1]:6.1%} {new[k][1]:6.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
