#!/usr/bin/env bash
# bench/ab-run.sh — an A/B of two source trees on one GPU, in one call: both built with
# bench/build-gpu.sh (in parallel), then the performance gate and galp-bench run alternately,
# base, new, base, new, so that both builds meet the same GPU state; then bench/compare.py.
#
#   GALP_DATA_DIR=DIR bench/ab-run.sh BASE_TREE NEW_TREE OUTDIR [galp-bench options...]
#
# BASE_TREE and NEW_TREE are source trees (e.g. `git archive REV | tar -x -C DIR` here, carried
# to the GPU runner). OUTDIR receives base-N.csv/json, new-N.csv/json, gate-base-N.txt,
# gate-new-N.txt and compare.txt. ROUNDS (default 2) sets the alternations. Exit status: non-zero
# when a build, a gate or a benchmark check failed.
set -uo pipefail
base=$(cd "${1:?usage: bench/ab-run.sh BASE_TREE NEW_TREE OUTDIR [options]}" && pwd)
new=$(cd "${2:?usage}" && pwd)
out=${3:?usage}
shift 3
mkdir -p "$out"
out=$(cd "$out" && pwd)
export GALP_DATA_DIR=${GALP_DATA_DIR:?set GALP_DATA_DIR to the data folder}
status=0

nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader || true
for side in base new; do
    tree=${!side}
    (bash "$tree/bench/build-gpu.sh" "$out/build-$side" > "$out/build-$side.log" 2>&1 ||
        { echo "ab-run: the $side build failed"; tail -30 "$out/build-$side.log"; exit 1; }) &
done
wait || status=1
for side in base new; do
    [ -x "$out/build-$side/galp-bench" ] || { echo "ab-run: no $side build"; exit 1; }
done

for round in $(seq 1 "${ROUNDS:-2}"); do
    for side in base new; do
        tree=${!side}
        echo "== round $round: $side"
        "$out/build-$side/galp-perf-gate" --floors "$tree/bench/floors.txt" > "$out/gate-$side-$round.txt" 2>&1 ||
            { status=1; echo "ab-run: $side gate failed"; }
        tail -n 1 "$out/gate-$side-$round.txt"
        "$out/build-$side/galp-bench" --out "$out/$side-$round" --commit "$side" "$@" > "$out/bench-$side-$round.txt" ||
            { status=1; echo "ab-run: $side galp-bench failed"; }
    done
done
rm -rf "$out/build-base" "$out/build-new"
python3 "$new/bench/compare.py" --base "$out"/base-*.csv --new "$out"/new-*.csv | tee "$out/compare.txt"
exit $status
