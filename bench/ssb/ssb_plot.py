#!/usr/bin/env python3
"""ssb_plot.py - figures of an ssb_gpu run (its --json output), from measured results only.

    ssb_plot.py SSB_GPU.json [--out DIR]

Writes DIR/ssb-queries.png (each query's median time per variant: raw, tile, fastlanes, nvcomp) and
DIR/ssb-bits.png (bits per value of every lineorder column in every format measured).
"""

import argparse
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def bars(ax, labels, series, ylabel, title):
    width = 0.8 / max(1, len(series))
    for k, (name, values) in enumerate(series):
        ax.bar([i + k * width for i in range(len(labels))], values, width, label=name)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(labels))])
    ax.set_xticklabels(labels, rotation=45, ha="right")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results")
    parser.add_argument("--out", default=".")
    args = parser.parse_args(argv[1:])
    with open(args.results) as f:
        run = json.load(f)
    title = "%s, %d lineorder rows" % (run["device"], run["lineorder_rows"])

    queries = run["queries"]
    variants = [v for v in ("raw", "tile", "fastlanes", "nvcomp") if v + "_ms" in queries[0]]
    fig, ax = plt.subplots(figsize=(10, 4.5))
    bars(ax, [q["query"] for q in queries],
         [(v, [q[v + "_ms"] for q in queries]) for v in variants],
         "median time (ms)", "SSB queries: " + title)
    fig.tight_layout()
    fig.savefig(os.path.join(args.out, "ssb-queries.png"), dpi=120)

    columns = run["columns"]
    formats = list(columns[0]["bits_per_value"])
    fig, ax = plt.subplots(figsize=(12, 4.5))
    bars(ax, [c["column"].split(".", 1)[1] for c in columns],
         [(f, [c["bits_per_value"][f] for c in columns]) for f in formats],
         "bits per value", "lineorder columns: " + title)
    fig.tight_layout()
    fig.savefig(os.path.join(args.out, "ssb-bits.png"), dpi=120)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
