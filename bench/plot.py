#!/usr/bin/env python3
"""bench/plot.py — figures from galp-bench's JSON output (bench/galp_bench.cu).

    python3 bench/plot.py galp-bench.json [--out DIR]
    python3 bench/plot.py galp-bench.csv  [--out DIR]    (the CSV of an interrupted run too)

Writes into DIR (default: beside the JSON file):
  ratio_vs_decompression.png  compression ratio against full-decompression throughput, one
                              point per real dataset and codec, f64 and f32 side by side
                              (the layout of the G-ALP paper's Figure 6), with the device's
                              copy ceiling and each codec's median marked;
  scan_throughput.png         scan throughput per codec on the real datasets (median bar,
                              min-max whisker): libgalp's fused scans, nvCOMP's
                              decompress-then-scan, the uncompressed scan;
  sweeps.png                  decompression throughput and its fraction of the limit along
                              the synthetic sweeps (bit width, exception rate).
Needs matplotlib (pip install matplotlib); no other dependency.
"""
import argparse
import collections
import os
import statistics

import matplotlib

matplotlib.use("Agg")  # files only: no display on a GPU runner
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

from results import load, subtitle  # noqa: E402  (bench/results.py, beside this file)

REAL = ("rowgroup", "sample", "file")
TYPES = ("f64", "f32")


FIXED_STYLES = {
    "galp": ("#d62728", "o"),
    "alp": ("#ff9896", "s"),
    "ffor": ("#9467bd", "D"),
    "none": ("#7f7f7f", "x"),
}
OTHER_COLOURS = ["#1f77b4", "#2ca02c", "#17becf", "#bcbd22", "#8c564b", "#e377c2", "#ff7f0e",
                 "#393b79", "#637939", "#7b4173"]
OTHER_MARKERS = ["^", "v", "<", ">", "P", "X", "*", "h", "p", "d"]


def codec_styles(doc):
    """{codec: (colour, marker)}: galp's layouts fixed and warm, every other codec (nvCOMP's)
    its own colour and marker, in name order, the same in every figure of a run."""
    others = sorted({r["codec"] for r in doc["rows"]} - set(FIXED_STYLES))
    styles = dict(FIXED_STYLES)
    for i, codec in enumerate(others):
        styles[codec] = (OTHER_COLOURS[i % len(OTHER_COLOURS)],
                         OTHER_MARKERS[i % len(OTHER_MARKERS)])
    return styles


def ratio_vs_decompression(doc, out):
    styles = codec_styles(doc)
    fig, axes = plt.subplots(1, 2, figsize=(15, 6.5), sharey=True)
    for ax, vtype in zip(axes, TYPES):
        rows = [r for r in doc["rows"] if r["op"] == "decompress" and r["type"] == vtype
                and r["source"] in REAL]
        by_codec = collections.defaultdict(list)
        for r in rows:
            by_codec[r["codec"]].append(r)
        for codec in sorted(by_codec):
            colour, marker = styles[codec]
            pts = by_codec[codec]
            ax.scatter([p["ratio"] for p in pts], [p["gbps"] for p in pts], s=14, alpha=0.45,
                       color=colour, marker=marker)
            mx = statistics.median(p["ratio"] for p in pts)
            my = statistics.median(p["gbps"] for p in pts)
            ax.scatter([mx], [my], s=110, color=colour, marker=marker, edgecolor="black",
                       label=f"{codec} (median {mx:.2f}×, {my:.0f} GB/s)", zorder=3)
        ax.axhline(doc["ceilings_gbps"]["copy"], color="black", linestyle=":", linewidth=1)
        ax.text(0.99, doc["ceilings_gbps"]["copy"], " copy ceiling (read + write)",
                transform=ax.get_yaxis_transform(), ha="right", va="bottom", fontsize=8)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("compression ratio (decoded / compressed bytes)")
        ax.set_title(f"{vtype}: real datasets, tiled to ≥ 1 GiB")
        ax.grid(True, which="both", alpha=0.25)
        if rows:
            ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2)
    axes[0].set_ylabel("decompression throughput, GB/s of decoded data")
    fig.suptitle("Compression ratio vs decompression throughput (large: median over the "
                 "datasets)\n" + subtitle(doc), fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "ratio_vs_decompression.png"), dpi=130)
    plt.close(fig)


SCAN_OPS = ("sum", "filter", "pushdown", "exists", "decompress+sum", "decompress+filter")


def scan_throughput(doc, out):
    styles = codec_styles(doc)
    fig, axes = plt.subplots(2, 1, figsize=(13, 9))
    for ax, vtype in zip(axes, TYPES):
        groups = collections.defaultdict(list)
        for r in doc["rows"]:
            if r["type"] == vtype and r["source"] in REAL and r["op"] in SCAN_OPS:
                groups[(r["codec"], r["op"])].append(r["gbps"])
        keys = sorted(groups, key=lambda k: -statistics.median(groups[k]))
        if not keys:
            ax.set_title(f"{vtype}: no scan results")
            continue
        med = [statistics.median(groups[k]) for k in keys]
        lo = [m - min(groups[k]) for m, k in zip(med, keys)]
        hi = [max(groups[k]) - m for m, k in zip(med, keys)]
        colours = [styles[k[0]][0] for k in keys]
        ax.bar(range(len(keys)), med, yerr=[lo, hi], color=colours, capsize=3)
        ax.set_xticks(range(len(keys)))
        ax.set_xticklabels([f"{c}\n{o}" for c, o in keys], rotation=60, ha="right",
                           fontsize=7)
        ax.set_yscale("log")
        ax.axhline(doc["ceilings_gbps"]["read"], color="black", linestyle=":", linewidth=1)
        ax.text(len(keys) - 0.5, doc["ceilings_gbps"]["read"],
                "read ceiling (limit of an uncompressed scan)", ha="right", va="bottom",
                fontsize=8)
        ax.set_ylabel("GB/s of decoded data")
        ax.set_title(f"{vtype}: scan throughput per codec (median over real datasets, "
                     "whiskers min-max)")
        ax.grid(True, axis="y", which="both", alpha=0.25)
    fig.suptitle(subtitle(doc), fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "scan_throughput.png"), dpi=130)
    plt.close(fig)


def sweep_points(doc, prefix, key, fixed_b):
    """{codec: [(x, gbps, fraction)]} of the decompress rows of the sweep datasets named
    prefix-b<B>[-x<X>], along key "b" (exceptions 0) or "x" (bit width fixed_b)."""
    pts = collections.defaultdict(dict)
    for r in doc["rows"]:
        if r["source"] != "synthetic" or r["op"] != "decompress":
            continue
        name = r["dataset"]
        if not name.startswith(prefix):
            continue
        parts = dict((p[0], p[1:]) for p in name[len(prefix):].split("-") if p)
        if key == "x" and parts.get("b") != str(fixed_b):
            continue
        if parts.get("x", "0") != "0" and key == "b":
            continue
        x = int(parts.get(key, "0"))
        pts[r["codec"]][x] = (x, r["gbps"], r["fraction"])
    return {c: sorted(v.values()) for c, v in pts.items()}


def sweeps(doc, out):
    styles = codec_styles(doc)
    # The exception sweeps of galp-bench run at b = 16 (f64) and b = 12 (f32).
    panels = [("f64-", "b", None, "f64: bit width"), ("f32-", "b", None, "f32: bit width"),
              ("f64-", "x", 16, "f64, b = 16: exceptions %"),
              ("f32-", "x", 12, "f32, b = 12: exceptions %"),
              ("u32-", "b", None, "u32 FFOR: bit width"),
              ("u64-", "b", None, "u64 FFOR: bit width")]
    fig, axes = plt.subplots(2, 3, figsize=(14, 7.5))
    for ax, (prefix, key, fixed_b, title) in zip(axes.flat, panels):
        pts = sweep_points(doc, prefix, key, fixed_b)
        twin = ax.twinx()
        for codec, v in sorted(pts.items()):
            colour, marker = styles[codec]
            ax.plot([p[0] for p in v], [p[1] for p in v], marker=marker, color=colour,
                    label=f"{codec} GB/s")
            twin.plot([p[0] for p in v], [100 * p[2] for p in v], linestyle="--",
                      color=colour, alpha=0.6, label=f"{codec} % of limit")
        twin.set_ylim(0, 110)
        twin.set_ylabel("% of decode limit", fontsize=8)
        ax.set_title(title, fontsize=9)
        ax.set_ylabel("decompression GB/s", fontsize=8)
        ax.grid(True, alpha=0.25)
        if pts:
            ax.legend(fontsize=7, loc="upper left")
    fig.suptitle("Synthetic sweeps (1 GiB decoded each)\n" + subtitle(doc), fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "sweeps.png"), dpi=130)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", help="galp-bench's PREFIX.json (or PREFIX.csv)")
    ap.add_argument("--out", help="folder for the PNG files (default: beside the JSON)")
    args = ap.parse_args()
    doc = load(args.json)
    out = args.out or os.path.dirname(os.path.abspath(args.json))
    os.makedirs(out, exist_ok=True)
    ratio_vs_decompression(doc, out)
    scan_throughput(doc, out)
    sweeps(doc, out)
    print(f"plot: wrote ratio_vs_decompression.png, scan_throughput.png, sweeps.png to {out}")


if __name__ == "__main__":
    main()
