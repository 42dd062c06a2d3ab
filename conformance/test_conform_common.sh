# test_conform_common.sh — shared by the conformance/test_conform_*.sh tests (sourced).
# Runs galp-conform on the source tree's vectors and inspects its TAP report.
set -u
CONFORM="$GALP_BUILDDIR/galp-conform"
VECTORS="$GALP_SRCDIR/vectors"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/galp-conform-test.XXXXXX") || exit 99
trap 'rm -rf "$WORK"' EXIT
FAILURES=0

fail() {
    echo "FAIL: $*"
    FAILURES=$((FAILURES + 1))
}

# conform NAME EXPECTED_EXIT ARGS...: runs the runner, TAP report in $WORK/NAME.tap.
conform() {
    name=$1 expected=$2
    shift 2
    "$CONFORM" --vectors "$VECTORS" --quiet --tap "$WORK/$name.tap" "$@" > "$WORK/$name.log" 2>&1
    status=$?
    tail -n 1 "$WORK/$name.log"
    if [ "$status" -ne "$expected" ]; then
        fail "$name: galp-conform exited $status, expected $expected"
        cat "$WORK/$name.log"
    fi
    return 0
}

# failed NAME: the vector names the run NAME failed, one a line.
failed() {
    sed -n 's/^not ok [0-9]* - \([^ ]*\) .*/\1/p' "$WORK/$1.tap"
}

# expect_failed NAME GLOB...: every vector matching a GLOB failed.
# expect_passed NAME GLOB...: every vector matching a GLOB passed, and at least one matched.
expect_verdict() {
    word=$1 name=$2
    shift 2
    for glob in "$@"; do
        matched=0
        for vector in $(sed -n 's/^\(not \)*ok [0-9]* - \([^ ]*\) .*/\2/p' "$WORK/$name.tap"); do
            case $vector in
            $glob)
                matched=1
                if failed "$name" | grep -qx "$vector"; then got=failed; else got=passed; fi
                [ "$got" = "$word" ] || fail "$name: $vector $got, expected it $word"
                ;;
            esac
        done
        [ "$matched" -eq 1 ] || fail "$name: no vector matches $glob"
    done
}
expect_failed() { expect_verdict failed "$@"; }
expect_passed() { expect_verdict passed "$@"; }

finish() {
    if [ "$FAILURES" -ne 0 ]; then
        echo "$FAILURES check(s) failed"
        exit 1
    fi
    exit 0
}
