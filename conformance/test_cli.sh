#!/bin/sh
# conformance/test_cli.sh — tests of the `galp` command-line tool through the built binary
# (docs/CLI.md is what they check): round trips of every type in text and binary through every
# scheme, inspect's fields, verify's mismatch report, exit codes, error messages that name the
# file, and that a failing command leaves no output file behind.
#
# Finds the tool as $GALP_BUILDDIR/galp (set by `make check`), else ./galp or ../galp.
# Real data: every $GALP_DATA_DIR/alp/samples/*.csv is encoded and verified as f64 (skipped,
# with a message, when absent). Ends with "N passed, N failed" and exits non-zero on a failure.
set -u

GALP=
for candidate in "${GALP_BUILDDIR:-.}/galp" ./galp ../galp; do
    if [ -x "$candidate" ]; then
        GALP=$candidate
        break
    fi
done
if [ -z "$GALP" ]; then
    echo "test_cli: galp binary not found (set GALP_BUILDDIR)" >&2
    exit 99
fi
case $GALP in /*) ;; *) GALP=$(pwd)/$GALP ;; esac

WORK=$(mktemp -d "${TMPDIR:-/tmp}/galp-cli.XXXXXX") || exit 99
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 99

passed=0
failed=0

ok() { passed=$((passed + 1)); }
not_ok() { failed=$((failed + 1)); echo "FAIL: $*"; }

# run CMD...: runs galp with its arguments; sets $rc, stdout in out.log, stderr in err.log.
run() {
    "$GALP" "$@" >out.log 2>err.log
    rc=$?
}

# expect RC NAME ARGS...: runs galp ARGS and checks its exit code. A sanitizer report fails the
# check even when the exit code matches (ASan exits with 1, which is also a data error).
expect() {
    want=$1 name=$2
    shift 2
    run "$@"
    if grep -Eq 'Sanitizer|runtime error:' err.log; then
        not_ok "$name: sanitizer report (galp $*)"
        head -n 20 err.log
    elif [ "$rc" -eq "$want" ]; then
        ok
    else
        not_ok "$name: exit code $rc, expected $want (galp $*)"
        sed 's/^/    /' err.log | head -n 5
    fi
}

# has NAME FILE PATTERN: FILE contains a line matching the grep -E pattern.
has() {
    if grep -Eq -- "$3" "$2"; then ok; else not_ok "$1: no line matching '$3' in $2"; fi
}

# same NAME A B: the files are byte for byte identical.
same() {
    if cmp -s "$2" "$3"; then ok; else not_ok "$1: $2 and $3 differ"; fi
}

# no_temp NAME FILE: no temporary file of an output FILE (.FILE.XXXXXX) is left beside it.
no_temp() {
    if ls -A "$(dirname "$2")" | grep -q "^\.$(basename "$2")\."; then
        not_ok "$1: a temporary file for $2 was left behind"
    else
        ok
    fi
}

# absent NAME FILE: FILE does not exist, and no temporary file of it either.
absent() {
    if [ -e "$2" ]; then not_ok "$1: $2 was left behind"; else ok; fi
    no_temp "$1" "$2"
}

# bytes HEX...: writes the bytes given in hex to stdout.
bytes() {
    for byte in "$@"; do
        # shellcheck disable=SC2059 # the format is the octal escape of the byte
        printf "\\$(printf '%03o' "$((0x$byte))")"
    done
}

# flip_bit FILE OFFSET: flips the lowest bit of the byte at OFFSET, in place.
flip_bit() {
    old=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
    # shellcheck disable=SC2059
    printf "\\$(printf '%03o' "$((old ^ 1))")" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

value_size() {
    case $1 in u8) echo 1 ;; u16) echo 2 ;; u32 | f32) echo 4 ;; u64 | f64) echo 8 ;; esac
}

schemes_for() {
    case $1 in
    f32 | f64) echo "raw alp galp alp-rd dict auto" ;;
    u32) echo "raw ffor delta rle dict auto gpu-for gpu-dfor gpu-rfor" ;;
    *) echo "raw ffor delta rle dict auto" ;;
    esac
}

# ---- fixtures ---------------------------------------------------------------------------
# 2500 values per type (two full vectors and a partial one), small ranges that compress, and
# the type's extremes and special values in the last vector. Wide integers are printed as
# strings: awk's numbers are doubles, and some awks print %d through a 32-bit int.
N=2500
awk -v n=$N 'BEGIN { for (i = 0; i < n - 2; i++) print 100 + i % 50; print 0; print 255 }' >u8.txt
awk -v n=$N 'BEGIN { for (i = 0; i < n - 2; i++) print 30000 + i % 300; print 0; print 65535 }' >u16.txt
awk -v n=$N 'BEGIN { for (i = 0; i < n - 2; i++) printf "400000%04d\n", i % 5000;
                     print 0; print "4294967295" }' >u32.txt
awk -v n=$N 'BEGIN { for (i = 0; i < n - 2; i++) printf "1844674407370900%04d\n", i % 1000;
                     print 0; print "18446744073709551615" }' >u64.txt
awk -v n=$N 'BEGIN { for (i = 0; i < n - 9; i++) printf "%.2f\n", (i * 37 % 10000) / 100 - 20;
                     print "nan"; print "-nan"; print "inf"; print "-inf"; print "-0"; print "0";
                     print "1e-310"; print "1.7976931348623157e308"; print "0.1" }' >f64.txt
awk -v n=$N 'BEGIN { for (i = 0; i < n - 8; i++) printf "%.1f\n", (i * 37 % 1000) / 10 - 5;
                     print "nan"; print "inf"; print "-inf"; print "-0"; print "1e-45";
                     print "3.40282347e+38"; print "1.17549435e-38"; print "0.1" }' >f32.txt

# Deterministic noise: 20000 bytes from an LCG, written as u16 values through the tool itself.
awk 'BEGIN { x = 12345; for (i = 0; i < 10000; i++) { x = (x * 1103515245 + 12345) % 2147483648;
             print int(x / 65536) % 65536 } }' >noise.txt
"$GALP" encode -q -t u16 noise.txt noise.galp && "$GALP" decode noise.galp noise.bin || {
    echo "test_cli: cannot build the noise fixture" >&2
    exit 99
}

# ---- version, help, usage errors -----------------------------------------------------------
expect 0 "--version" --version
has "--version" out.log '^galp [0-9]+\.[0-9]+\.[0-9]+ \(column format 1\.8, CUDA (built in|not built)\)$'
cp out.log version.log
expect 0 "--help" --help
has "--help" out.log '^Usage: galp COMMAND'
for cmd in encode decode inspect verify scan; do
    expect 0 "$cmd --help" "$cmd" --help
    has "$cmd --help" out.log "^Usage: galp $cmd "
    expect 0 "help $cmd" help "$cmd"
    has "help $cmd" out.log "^Usage: galp $cmd "
    expect 0 "$cmd -h" "$cmd" -h
done
expect 2 "no command"
expect 2 "unknown command" frobnicate
has "unknown command" err.log "unknown command 'frobnicate'"
expect 2 "encode without --type" encode u32.txt x.galp
has "encode without --type" err.log 'type is required'
expect 2 "unknown type" encode -t u128 u32.txt x.galp
expect 2 "unknown scheme" encode -t u32 -s zstd u32.txt x.galp
expect 2 "ffor for floats" encode -t f64 -s ffor f64.txt x.galp
expect 2 "galp for integers" encode -t u32 --scheme=galp u32.txt x.galp
expect 2 "delta for floats" encode -t f64 --scheme=delta f64.txt x.galp
has "delta for floats: message" err.log "scheme delta does not apply to f64 values"
expect 2 "rle for floats" encode -t f32 -s rle f32.txt x.galp
expect 2 "alp-rd for integers" encode -t u64 --scheme=alp-rd u64.txt x.galp
has "alp-rd for integers" err.log 'scheme alp-rd does not apply to u64 values'
expect 2 "unknown format" encode -t u32 --format xml u32.txt x.galp
expect 2 "unknown option" encode --frobnicate -t u32 u32.txt x.galp
has "unknown option" err.log "unknown option '--frobnicate'"
expect 2 "missing option value" encode u32.txt x.galp -t
expect 2 "value given to a flag" decode --text=yes x.galp x.txt
expect 2 "encode one operand" encode -t u32 u32.txt
expect 2 "encode three operands" encode -t u32 u32.txt x.galp y.galp
expect 2 "decode one operand" decode x.galp
expect 2 "inspect no operand" inspect
expect 2 "inspect two operands" inspect a.galp b.galp
expect 2 "verify one operand" verify x.galp
expect 2 "verify unknown format" verify -f json x.galp u32.txt
absent "usage errors write nothing" x.galp

# ---- text round trips, every type and scheme ------------------------------------------------
for type in u8 u16 u32 u64 f32 f64; do
    for scheme in $(schemes_for $type); do
        t="text $type/$scheme"
        expect 0 "$t: encode" encode -t $type -s $scheme $type.txt $type-$scheme.galp
        has "$t: encode summary" out.log "^$type-$scheme.galp: $N $type values"
        case $type/$scheme in
        f*/auto) stored=galp ;;
        u*/auto) stored=ffor ;;
        *) stored=$scheme ;;
        esac
        expect 0 "$t: inspect" inspect $type-$scheme.galp
        has "$t: the scheme asked for" out.log "^column scheme +$stored\$"
        expect 0 "$t: verify against text" verify $type-$scheme.galp $type.txt
        has "$t: verify" out.log ': OK, '"$N $type"' values identical'
        expect 0 "$t: decode --text" decode --text $type-$scheme.galp $type-$scheme.out.txt
        case $type in
        u*) same "$t: integers print as written" $type.txt $type-$scheme.out.txt ;;
        *)
            # Printed floats read back to the same bits, and printing them again is stable.
            expect 0 "$t: re-encode" encode -t $type -s $scheme $type-$scheme.out.txt again.galp
            "$GALP" decode $type-$scheme.galp first.bin && "$GALP" decode again.galp again.bin
            same "$t: printed text reads back to the same bits" first.bin again.bin
            "$GALP" decode -T again.galp again.txt
            same "$t: printing is stable" $type-$scheme.out.txt again.txt
            for special in nan inf -inf -0 0.10000000000000001 0.100000001; do
                case $type/$special in f32/0.10000000000000001 | f64/0.100000001) continue ;; esac
                has "$t: prints $special" $type-$scheme.out.txt "^$special\$"
            done
            ;;
        esac
    done
done

# ---- binary round trips: noise (incomparable bit patterns) and the text fixtures' bits ---------
for type in u8 u16 u32 u64 f32 f64; do
    "$GALP" decode $type-raw.galp $type-small.bin
    for input in noise small; do
        file=$type-$input.bin
        [ "$input" = noise ] && file=noise.bin
        for scheme in $(schemes_for $type); do
            t="binary $type/$scheme/$input"
            expect 0 "$t: encode" encode -q -t $type -s $scheme $file bin.galp
            expect 0 "$t: decode" decode bin.galp bin.out
            same "$t: bit-exact" $file bin.out
            expect 0 "$t: verify" verify -q bin.galp $file
        done
    done
done

# NaN payloads, a signalling NaN and -0 survive binary round trips bit for bit (spec/format.md §1).
bytes 01 00 00 00 ad de f8 7f  01 00 00 00 00 00 f0 ff  00 00 00 00 00 00 00 80 \
      00 00 00 00 00 00 f0 7f  9a 99 99 99 99 99 b9 3f >specials64.bin
bytes 01 00 c0 7f  01 00 80 ff  00 00 00 80  cd cc cc 3d >specials32.bin
for scheme in alp galp dict raw; do
    expect 0 "f64 specials $scheme: encode" encode -t f64 -s $scheme specials64.bin s.galp
    expect 0 "f64 specials $scheme: decode" decode s.galp s.out
    same "f64 specials $scheme: NaN payloads and -0 kept" specials64.bin s.out
    expect 0 "f32 specials $scheme: encode" encode -t f32 -s $scheme specials32.bin s.galp
    expect 0 "f32 specials $scheme: decode" decode s.galp s.out
    same "f32 specials $scheme: NaN payloads and -0 kept" specials32.bin s.out
done
# addition NAME TYPE SCHEME INPUT VERSION SUMMARY VECTOR JSON_SUMMARY JSON_VECTOR: a column that
# uses one of the format's later additions (spec/format.md §1.1) round trips (as text when INPUT
# ends in .txt), and inspect gives VERSION (a grep -E pattern of the version number) and lines
# matching the addition's patterns: SUMMARY and VECTOR in text, JSON_SUMMARY and JSON_VECTOR in
# JSON.
addition() {
    label=$1 input=$4 # not $name: expect sets it
    text=
    case $input in *.txt) text=--text ;; esac
    expect 0 "$label: encode" encode -t "$2" -s "$3" "$input" addition.galp
    expect 0 "$label: decode" decode ${text:+"$text"} addition.galp addition.out
    same "$label: round trip" "$input" addition.out
    expect 0 "$label: inspect" inspect --vectors addition.galp
    has "$label: version" out.log "^format version +$5\$"
    has "$label: summary" out.log "$6"
    has "$label: vector" out.log "$7"
    expect 0 "$label: inspect --json" inspect --json --vectors addition.galp
    has "$label: json summary" out.log "$8"
    has "$label: json vector" out.log "$9"
}
# ALP-RD dictionaries in the metadata entry (spec/alprd.md §3.1): f32 values with two 16-bit
# left parts (0x402d, 0x4049) and pseudo-random low halves, a dictionary of 32 bits.
x=7
i=0
while [ $i -lt 1024 ]; do
    x=$(((x * 1103515245 + 12345) % 2147483648))
    left=49
    [ $((i % 3)) -eq 0 ] && left=2d
    bytes "$(printf '%02x' $((x >> 8 & 255)))" "$(printf '%02x' $((x >> 16 & 255)))" $left 40
    i=$((i + 1))
done >rd32.bin
addition "alp-rd dictionary in the entry" f32 alp-rd rd32.bin '1\.4' \
    "^alp-rd dicts +in the metadata entry's base for 1 of 1 alp-rd vectors$" \
    '^ +0 +1024 +alp-rd .* 0x402d4049 .*  dictionary in base$' \
    '"alprd_dicts_in_entry": 1,' '"dictionary_in_entry": true'
# Packed DELTA lane bases (spec/fastlanes.md §2.3.1): 100 u16 values 5000 - 3i, lane bases
# 288 apart at most: 9 bits each.
i=0
while [ $i -lt 100 ]; do
    echo $((5000 - 3 * i))
    i=$((i + 1))
done >delta16.txt
addition "packed lane bases" u16 delta delta16.txt '1\.5' \
    '^delta lane bases packed for 1 of 1 delta vectors$' \
    '^ +0 +100 +delta .*  lane bases 9 bits$' \
    '"packed_lane_bases": 1,' '"lane_base_width": 9'
# Delta-coded RUNS values (spec/fastlanes.md §8.5): 200 u32 values from 10^9 in runs of 2,
# 3 up and 2 down in turn: 100 runs of 3-bit zig-zag deltas rather than 6-bit values (the
# offset coding of §8.6 is no narrower, so the earlier format's zig-zag coding stays).
i=0
while [ $i -lt 200 ]; do
    echo $((1000000000 + i / 4 + i / 2 % 2 * 3))
    i=$((i + 1))
done >runs32.txt
addition "delta run values" u32 runs runs32.txt '1\.6' \
    '^run values +delta-coded for 1 of 1 runs vectors$' \
    '^ +0 +200 +runs .*  runs 100, length width 1, delta-coded values$' \
    '"delta_run_values": 1,' '"delta_values": true'
# Patched FFOR (spec/ffor.md §8): 1024 u64 values 1000 + i mod 16 and every 256th one 2^40
# above: width 4 and 4 patches rather than width 41.
i=0
while [ $i -lt 1024 ]; do
    if [ $((i % 256)) -eq 7 ]; then echo $((1099511627776 + i)); else echo $((1000 + i % 16)); fi
    i=$((i + 1))
done >patched64.txt
addition "patched ffor" u64 ffor patched64.txt '1\.8' \
    '^ffor patches +4 in 1 of 1 ffor vectors$' \
    '^ +0 +1024 +ffor .*  patches 4$' \
    '"ffor_patches": 4,' '"patches": 4'
# Offset-coded RUNS values (spec/fastlanes.md §8.6): 200 u32 values from 10^9 in runs of 2,
# each 3 above the one before: differences of 3 in 2 bits, where zig-zag coding needs 3.
i=0
while [ $i -lt 200 ]; do
    echo $((1000000000 + i / 2 * 3))
    i=$((i + 1))
done >offset32.txt
addition "offset run values" u32 runs offset32.txt '1\.8' \
    '^run values +offset-coded for 1 of 1 runs vectors$' \
    '^ +0 +200 +runs .*  runs 100, length width 1, offset-coded values$' \
    '"offset_run_values": 1,' '"offset_values": true'

expect 0 "specials as text" decode --text s.galp s.txt
has "specials as text: -0" s.txt '^-0$'
has "specials as text: 0.1" s.txt '^0.100000001$'

# ---- standard input and output, empty columns, format override ------------------------------
"$GALP" encode -q -t u32 -f text - stdin.galp <u32.txt
rc=$?
[ $rc -eq 0 ] && ok || not_ok "encode from standard input: exit code $rc"
same "encode from standard input" u32-auto.galp stdin.galp
"$GALP" decode --text u32-auto.galp - >stdout.txt
same "decode to standard output" u32.txt stdout.txt
cp u32.txt u32.values
expect 0 "--format text overrides the name" encode -t u32 --format text u32.values fmt.galp
same "--format text overrides the name" u32-auto.galp fmt.galp
: >empty.txt
expect 0 "empty column: encode" encode -t f64 empty.txt empty.galp
expect 0 "empty column: inspect" inspect empty.galp
has "empty column: inspect" out.log '^values +0$'
expect 0 "empty column: decode" decode empty.galp empty.bin
if [ -f empty.bin ] && [ ! -s empty.bin ]; then ok; else not_ok "empty column: decode gives an empty file"; fi
expect 0 "empty column: verify" verify empty.galp empty.txt

# ---- inspect ----------------------------------------------------------------------------------
expect 0 "inspect galp" inspect f64-galp.galp
for field in '^file +f64-galp.galp$' '^file size +[0-9]+ bytes$' '^format version +1\.3$' \
    '^payload checksum +CRC32C per vector, verified$' \
    '^lane ends +u8 for vectors with 1 to 255 exceptions \(narrow\)$' \
    '^value type +f64$' '^column scheme +galp$' "^values +$N\$" '^vectors +3: ' \
    '^checksum +0x[0-9a-f]{8} ' '^ratio +[0-9.]+ ' '^bits/value +[0-9.]+ ' \
    '^bit width +min [0-9]+, mean [0-9.]+, max [0-9]+' '^exponent/factor +e=[0-9]+ f=[0-9]+ ' \
    '^exceptions +[1-9][0-9]* ' '^lane exceptions +most in one lane: [1-9]'; do
    has "inspect galp: field" out.log "$field"
done
expect 0 "inspect --vectors" inspect --vectors f64-galp.galp
has "inspect --vectors: header" out.log '^ +vector +values +scheme +offset +bytes +base +width +bits/value +ratio +e +f +exceptions$'
rows=$(grep -Ec '^ +[0-9]+ +[0-9]+ +(galp|raw) ' out.log)
[ "$rows" -eq 3 ] && ok || not_ok "inspect --vectors: $rows vector rows, expected 3"
has "inspect --vectors: last vector holds $((N - 2048)) values" out.log "^ +2 +$((N - 2048)) "
has "inspect --vectors: lanes" out.log '^ +exceptions per lane \(lane:count\):( [0-9]+:[0-9]+)+$'
expect 0 "inspect ffor" inspect -v u32-ffor.galp
has "inspect ffor: scheme" out.log '^column scheme +ffor$'
has "inspect ffor: width" out.log '^ +0 +1024 +ffor +[0-9]+ +1280 +4000000000 +10 +10.000 +3.200$'
if grep -q 'exponent' out.log; then not_ok "inspect ffor: ALP fields on an integer column"; else ok; fi
expect 0 "inspect --json" inspect --json --vectors f64-galp.galp
if command -v python3 >/dev/null 2>&1; then
    # The JSON parses, and per-lane counts add up to each vector's count and the column's total.
    if python3 -c '
import json, sys
d = json.load(open("out.log"))
assert d["type"] == "f64" and d["scheme"] == "galp" and d["value_count"] == int(sys.argv[1])
assert d["version"] == "1.3" and d["payload_checksums"] is True and d["narrow_lane_ends"] is True
assert len(d["vectors"]) == d["vector_count"] == 3
assert all(len(v["payload_checksum"]) == 10 for v in d["vectors"])
for v in d["vectors"]:
    if v["scheme"] == "galp":
        assert len(v["lane_exceptions"]) == 16 and sum(v["lane_exceptions"]) == v["exceptions"]
assert sum(v.get("exceptions", 0) for v in d["vectors"]) == d["exceptions"] > 0
' "$N"; then ok; else not_ok "inspect --json: structure or counts wrong"; fi
else
    has "inspect --json: lane counts" out.log '"lane_exceptions": \['
    echo "test_cli: python3 absent, JSON structure not parsed"
fi

# A file name that is not UTF-8 still gives valid JSON: each byte that is not part of a UTF-8
# sequence becomes U+FFFD; valid UTF-8 and control characters come through.
if command -v python3 >/dev/null 2>&1; then
    odd_name=$(printf 'odd\377\303\251\001.galp')
    cp f64-galp.galp "$odd_name"
    expect 0 "inspect --json, a name that is not UTF-8" inspect --json "$odd_name"
    if python3 -c '
import json
d = json.load(open("out.log", encoding="utf-8"))
assert d["file"] == "odd\ufffd\u00e9\u0001.galp", d["file"]
'; then ok; else not_ok "inspect --json, a name that is not UTF-8: invalid JSON or wrong name"; fi
    rm -f "$odd_name"
fi
# ---- payload checksums (spec/format.md §3.4): on by default, --no-checksum leaves them out -----
expect 0 "encode: checksums by default" encode -t f64 f64.txt sums.galp
has "encode: checksums by default: summary" out.log ', payload checksums$'
same "encode: checksums by default" f64-galp.galp sums.galp
expect 0 "encode --no-checksum" encode --no-checksum -t f64 f64.txt plain.galp
has "encode --no-checksum: summary" out.log ', no payload checksums$'
expect 0 "encode --no-checksum: inspect" inspect plain.galp
has "encode --no-checksum: version" out.log '^format version +1\.3$' # narrow lane ends
has "encode --no-checksum: inspect" out.log '^payload checksum +none$'
[ "$(wc -c <plain.galp)" -eq "$(wc -c <f64-galp.galp)" ] && ok ||
    not_ok "encode --no-checksum: size differs from the checksummed file"
expect 0 "encode --no-checksum: verify" verify plain.galp f64.txt
# A flipped bit in vector 0's payload (the payloads start after 64 + 3 · 32 bytes): without
# checksums it decodes to wrong values; with them every reader refuses the file.
cp plain.galp plain-payload.galp
flip_bit plain-payload.galp 200
expect 0 "no checksums: a flipped payload bit decodes" decode plain-payload.galp out.bin
expect 4 "no checksums: verify finds the wrong value" verify plain-payload.galp f64.txt
rm -f out.bin
cp f64-galp.galp payload.galp
flip_bit payload.galp 200

# ---- verify ---------------------------------------------------------------------------------
cp f64-small.bin flipped.bin
flip_bit flipped.bin $((8 * 1234 + 3))
expect 4 "verify: one flipped bit" verify f64-galp.galp flipped.bin
has "verify: mismatch" out.log 'MISMATCH.*1 of 2500 values differ; first at index 1234 \(vector 1, slot 210\)'
has "verify: decoded bits" out.log '^  decoded  0x[0-9a-f]{16} '
has "verify: original bits" out.log '^  original 0x[0-9a-f]{16} '
head -c $((8 * (N - 1))) f64-small.bin >short.bin
expect 4 "verify: value count differs" verify f64-galp.galp short.bin
has "verify: value count differs" out.log "holds $N f64 values, the original $((N - 1))"
awk 'NR == 7 { print 200; next } { print }' u8.txt >flipped.txt
expect 4 "verify: text original" verify u8-ffor.galp flipped.txt
has "verify: text original" out.log 'first at index 6 '

# ---- bad input: right exit code, message naming the file, no output left behind ---------------
head -c 100 f64-galp.galp >truncated.galp
head -c $(($(wc -c <f64-galp.galp) - 1)) f64-galp.galp >short-tail.galp
cp noise.bin garbage.galp
: >empty.galp
cp f64-galp.galp checksum.galp
flip_bit checksum.galp 60
cp f64-galp.galp magic.galp
flip_bit magic.galp 0
cp f64-galp.galp version.galp
flip_bit version.galp 4
# A file is exactly file_size bytes (spec/format.md §3.5): two columns concatenated, or one
# byte more, would otherwise decode as the first column alone.
cat f64-galp.galp u32-ffor.galp >concat.galp
cat f64-galp.galp version.log >trailing.galp
# Each damaged file, with the error class the decoder must name (spec/format.md §6 order).
for case in truncated:TRUNCATED short-tail:TRUNCATED garbage:BAD_MAGIC empty:TRUNCATED \
    checksum:CHECKSUM magic:BAD_MAGIC version:VERSION concat:LAYOUT trailing:LAYOUT \
    payload:PAYLOAD_CHECKSUM; do
    bad=${case%%:*} class=${case#*:}
    expect 1 "$bad.galp: decode" decode $bad.galp out.bin
    has "$bad.galp: decode names the file and the error" err.log "^galp: $bad.galp: .*GALP_ERR_$class"
    absent "$bad.galp: decode" out.bin
    expect 1 "$bad.galp: decode --text" decode --text $bad.galp out.txt
    absent "$bad.galp: decode --text" out.txt
    expect 1 "$bad.galp: inspect" inspect $bad.galp
    has "$bad.galp: inspect names the file" err.log "^galp: $bad.galp: "
    expect 1 "$bad.galp: verify" verify $bad.galp f64-small.bin
done

expect 1 "trailing bytes" decode concat.galp out.bin
has "trailing bytes: message" err.log \
    "^galp: concat.galp: .*bytes follow the column's end \\(file_size $(wc -c <f64-galp.galp | tr -d ' ')\\)"

expect 3 "missing input" decode no-such.galp out.bin
has "missing input names the file" err.log "no-such.galp"
absent "missing input" out.bin
expect 3 "output directory missing" decode f64-galp.galp no-such-dir/out.bin
has "output directory missing names the file" err.log "no-such-dir/"
expect 3 "missing original" verify f64-galp.galp no-such.bin

echo "precious" >keep.galp
printf '1\n2\nx3\n' >badline.txt
expect 1 "bad text line" encode -t u32 badline.txt keep.galp
has "bad text line: FILE:LINE and token" err.log "^galp: badline.txt:3: 'x3': "
[ "$(cat keep.galp)" = precious ] && ok || not_ok "a failed encode replaced the existing output"
no_temp "bad text line" keep.galp
for case in "u8:256:out of range" "u16:65536:out of range" "u32:4294967296:out of range" \
    "u64:18446744073709551616:out of range" "u32:-1:not an unsigned" "u32:1.5:not an unsigned" \
    "f64:1e999:out of range" "f32:1e39:out of range" "f32:1e400:out of range" \
    "f32:-1e39:out of range" "f64:1.5x:not a number" "f32:--1:not a number" \
    "u8:0x10:not an unsigned"; do
    type=${case%%:*} rest=${case#*:}
    token=${rest%%:*} why=${rest#*:}
    printf '1\n%s\n' "$token" >bad.txt
    expect 1 "$type '$token'" encode -t "$type" bad.txt bad.galp
    has "$type '$token': message" err.log "^galp: bad.txt:2: '$token': $why"
    absent "$type '$token'" bad.galp
done
printf '1\n\n2\n' >blank.txt
expect 1 "empty line" encode -t u8 blank.txt bad.galp
has "empty line: message" err.log '^galp: blank.txt:2: empty line'
absent "empty line" bad.galp
expect 1 "binary input given as text" encode -t f64 -f text noise.bin bad.galp
has "binary input given as text: message" err.log '^galp: noise.bin:[0-9]+: '
absent "binary input given as text" bad.galp
head -c 17 noise.bin >odd.bin
expect 1 "binary size not a whole number of values" encode -t u32 odd.bin bad.galp
has "binary size: message" err.log '^galp: odd.bin: size 17 bytes is not a whole number of u32'
absent "binary size" bad.galp
# One rounding from decimal to f32 (strtof, not through double), and decimal integers only.
printf '1.000000059604644775390625000000001\n' >f32-exact.txt
expect 0 "f32 from decimal rounds once" encode -t f32 f32-exact.txt f32-exact.galp
"$GALP" decode f32-exact.galp f32-exact.bin
bytes 01 00 80 3f >f32-exact.want
same "f32 from decimal rounds once" f32-exact.want f32-exact.bin
printf '010\n' >leading-zero.txt
expect 0 "leading zero is decimal" encode -t u8 leading-zero.txt leading-zero.galp
"$GALP" decode -T leading-zero.galp leading-zero.out
printf '10\n' >leading-zero.want
same "leading zero is decimal" leading-zero.want leading-zero.out
# Real CSVs end with a blank line, and some start with a UTF-8 byte-order mark: both are
# accepted; a blank line between values still is not.
printf '7\n8\n\n' >trailing-blank.csv
expect 0 "a blank line at the end" encode -q -t u8 trailing-blank.csv trailing-blank.galp
expect 0 "a blank line at the end: values" decode -T trailing-blank.galp trailing-blank.out
printf '7\n8\n' >seven-eight.want
same "a blank line at the end: values" seven-eight.want trailing-blank.out
printf '7\n8\r\n \r\n\n' >trailing-blanks.csv
expect 0 "several blank lines at the end" encode -q -t u8 trailing-blanks.csv trailing-blanks.galp
bytes ef bb bf 37 0a 38 0a >bom.csv
expect 0 "a UTF-8 byte-order mark" encode -q -t u8 bom.csv bom.galp
expect 0 "a UTF-8 byte-order mark: values" decode -T bom.galp bom.out
same "a UTF-8 byte-order mark: values" seven-eight.want bom.out
printf '7\n\n8\n\n' >inner-blank.csv
expect 1 "a blank line inside, one at the end" encode -t u8 inner-blank.csv bad.galp
has "a blank line inside: message" err.log '^galp: inner-blank.csv:2: empty line'
absent "a blank line inside" bad.galp
bytes 37 0a ef bb bf 38 0a >inner-bom.csv
expect 1 "a byte-order mark after the first line" encode -t u8 inner-bom.csv bad.galp
has "a byte-order mark after the first line: message" err.log '^galp: inner-bom.csv:2: '
absent "a byte-order mark after the first line" bad.galp
printf ' 7 \r\n\t8\r\n' >blanks.txt
expect 0 "blanks and CRLF around values" encode -t u8 blanks.txt blanks.galp
"$GALP" decode -T blanks.galp blanks.out
printf '7\n8\n' >blanks.want
same "blanks and CRLF around values" blanks.want blanks.out

# ---- bounded input: no more is read than the header declares or the comparison needs ----------
# stops_reader NAME: the writer of the pipe before it (which wrote "writer N" to writer.log, N
# its exit status) was stopped by galp closing the pipe, instead of having all of its 50 MB read.
FLOOD=50000000
stops_reader() {
    if grep -q '^writer 0$' writer.log; then not_ok "$1: all $FLOOD bytes were read"; else ok; fi
    if grep -Eq 'Sanitizer|runtime error:' err.log; then not_ok "$1: sanitizer report"; else ok; fi
}
{ head -c $FLOOD /dev/zero; echo "writer $?" >writer.log; } | "$GALP" inspect - >out.log 2>err.log
rc=$?
[ "$rc" -eq 1 ] && ok || not_ok "inspect of zeros: exit code $rc, expected 1"
has "inspect of zeros: message" err.log \
    '^galp: -: not a valid galp column file: .*GALP_ERR_BAD_MAGIC'
stops_reader "inspect of zeros"
{ cat u8-ffor.galp; head -c $FLOOD /dev/zero; echo "writer $?" >writer.log; } |
    "$GALP" inspect - >out.log 2>err.log
stops_reader "inspect of a column followed by more"
{ head -c $FLOOD /dev/zero; echo "writer $?" >writer.log; } |
    "$GALP" encode -t u8 -f text - bad.galp >out.log 2>err.log
rc=$?
[ "$rc" -eq 1 ] && ok || not_ok "encode of zeros as text: exit code $rc, expected 1"
has "encode of zeros as text: message" err.log "^galp: standard input:1: .*NUL byte"
stops_reader "encode of zeros as text"
absent "encode of zeros as text" bad.galp
{ printf '1\n'; head -c $FLOOD /dev/zero | tr '\0' 7; echo "writer $?" >writer.log; } |
    "$GALP" encode -t u64 -f text - bad.galp >out.log 2>err.log
rc=$?
[ "$rc" -eq 1 ] && ok || not_ok "a line of digits without end: exit code $rc, expected 1"
has "a line of digits without end: message" err.log \
    "^galp: standard input:2: '7+\.\.\.': line longer than 4096 bytes"
stops_reader "a line of digits without end"
{ cat u8.txt; yes 1 | head -n $FLOOD; echo "writer $?" >writer.log; } |
    "$GALP" verify -f text u8-ffor.galp - >out.log 2>err.log
rc=$?
[ "$rc" -eq 4 ] && ok || not_ok "verify, a longer text original: exit code $rc, expected 4"
has "verify, a longer text original: message" out.log "holds $N u8 values, the original more\$"
stops_reader "verify, a longer text original"
{ cat u8-small.bin; head -c $FLOOD /dev/zero; echo "writer $?" >writer.log; } |
    "$GALP" verify -f binary u8-ffor.galp - >out.log 2>err.log
rc=$?
[ "$rc" -eq 4 ] && ok || not_ok "verify, a longer binary original: exit code $rc, expected 4"
stops_reader "verify, a longer binary original"
# A text line of 4096 bytes is a value like any other.
{ printf '%04095d\n' 0; printf '%04096d\n' 7; } >long-lines.txt
expect 0 "lines of 4096 bytes" encode -q -t u8 long-lines.txt long-lines.galp
expect 0 "lines of 4096 bytes: values" decode -T long-lines.galp long-lines.out
printf '0\n7\n' >long-lines.want
same "lines of 4096 bytes: values" long-lines.want long-lines.out

# --max-size: the decoded size is checked before anything is allocated (f64-galp: 20000 bytes).
for case in 20000:0 19999:1 20K:0 19K:1 1M:0 0:1; do
    size=${case%%:*} want=${case#*:}
    expect "$want" "decode --max-size $size" decode --max-size "$size" f64-galp.galp max.bin
    if [ "$want" -eq 1 ]; then
        has "decode --max-size $size: message" err.log \
            "^galp: f64-galp.galp: decodes to 20000 bytes, more than --max-size "
        absent "decode --max-size $size" max.bin
    fi
    expect "$want" "verify --max-size $size" \
        verify -q --max-size "$size" f64-galp.galp f64-small.bin
    rm -f max.bin
done
for bad in '' 1X 1KB -1 18446744073709551616 16777216T; do
    expect 2 "decode --max-size '$bad'" decode --max-size "$bad" f64-galp.galp max.bin
    has "decode --max-size '$bad': message" err.log "max-size needs a size in bytes"
done
# Counts are compared before decoding: a column of another count is a mismatch, however large.
expect 4 "verify compares counts before decoding" verify --max-size 1K f64-galp.galp short.bin

# ---- what OUTPUT names: a regular file is replaced atomically, anything else is written through --
"$GALP" decode f64-galp.galp want.bin
"$GALP" decode -T f64-galp.galp want.txt
# A symbolic link stays a link; the file it points to (created if absent) gets the output.
echo old >link-target.bin
ln -s link-target.bin link.bin
expect 0 "symlink" decode f64-galp.galp link.bin
[ -L link.bin ] && ok || not_ok "symlink: link.bin is no longer a symbolic link"
same "symlink: the target gets the output" want.bin link-target.bin
no_temp "symlink" link-target.bin
mkdir sub
ln -s sub/chained.bin chain1.bin
ln -s chain1.bin chain2.bin
expect 0 "dangling symlink chain" decode f64-galp.galp chain2.bin
[ -L chain1.bin ] && [ -L chain2.bin ] && ok || not_ok "dangling symlink chain: a link was replaced"
same "dangling symlink chain: the final target is created" want.bin sub/chained.bin
ln -s loop-b.bin loop-a.bin
ln -s loop-a.bin loop-b.bin
expect 3 "symlink loop" decode f64-galp.galp loop-a.bin
has "symlink loop: message" err.log \
    "^galp: cannot write 'loop-a.bin': Too many levels of symbolic links"
[ -L loop-a.bin ] && ok || not_ok "symlink loop: loop-a.bin was replaced"
# A file with several hard links is refused: replacing it would detach it from its other names,
# writing it in place could leave it half written.
echo precious >hard-a.bin
ln hard-a.bin hard-b.bin
expect 3 "hard link" decode f64-galp.galp hard-b.bin
has "hard link: message" err.log "^galp: cannot write 'hard-b.bin': it has 2 hard links"
inode() { ls -i "$1" | awk '{ print $1 }'; }
[ "$(cat hard-a.bin)" = precious ] && [ "$(inode hard-a.bin)" = "$(inode hard-b.bin)" ] && ok ||
    not_ok "hard link: the linked files changed"
no_temp "hard link" hard-b.bin
mkdir out-dir
expect 3 "a directory" decode f64-galp.galp out-dir
has "a directory: message" err.log "^galp: cannot write 'out-dir': Is a directory"
[ -z "$(ls -A out-dir)" ] && [ -d out-dir ] && ok || not_ok "a directory: out-dir changed"
# A FIFO is written through: a reader gets the values, the FIFO stays a FIFO.
mkfifo out.fifo
cat out.fifo >fifo.got &
reader=$!
expect 0 "FIFO" decode f64-galp.galp out.fifo
[ -p out.fifo ] && ok || not_ok "FIFO: out.fifo is no longer a FIFO"
# The reader ends when galp closes the FIFO; one that galp never opened is stopped after 5 s.
tries=0
while kill -0 "$reader" 2>/dev/null && [ $tries -lt 50 ]; do
    sleep 0.1
    tries=$((tries + 1))
done
kill "$reader" 2>/dev/null
wait "$reader"
same "FIFO: the reader gets the values" want.bin fifo.got
# Devices, through links in this directory (a link replaced by mistake harms nothing): a full
# device reports the full disk; /dev/null and /dev/stdout are written through.
if [ -c /dev/full ] && [ -c /dev/null ]; then
    ln -s /dev/full full.link
    expect 3 "a full device" decode f64-galp.galp full.link
    has "a full device: message" err.log "^galp: cannot write 'full.link': No space left on device$"
    [ -L full.link ] && ok || not_ok "a full device: full.link was replaced"
    ln -s /dev/null null.link
    expect 0 "/dev/null" decode f64-galp.galp null.link
    [ -L null.link ] && ok || not_ok "/dev/null: null.link was replaced"
fi
if [ -e /dev/stdout ]; then
    ln -s /dev/stdout stdout.link
    "$GALP" decode -T f64-galp.galp stdout.link 2>err.log | cat >stdout-pipe.txt
    same "/dev/stdout, a pipe" want.txt stdout-pipe.txt
    [ -L stdout.link ] && ok || not_ok "/dev/stdout: stdout.link was replaced"
    "$GALP" decode -T f64-galp.galp stdout.link >stdout-file.txt 2>err.log
    same "/dev/stdout, a file" want.txt stdout-file.txt
    # Standard output's own file is written as standard output: appended to, with >>.
    echo first >appended.txt
    "$GALP" decode -T f64-galp.galp stdout.link >>appended.txt 2>err.log
    { echo first; cat want.txt; } >appended.want
    same "/dev/stdout, a file appended to" appended.want appended.txt
fi
# Names of up to 255 bytes, the longest a directory entry holds, whatever the temporary name.
no_hidden_file() {
    for hidden in .[!.]* ..?*; do
        [ -e "$hidden" ] && return 1
    done
    return 0
}
for length in 248 255; do
    long=$(printf "%${length}s" | tr ' ' n)
    expect 0 "a $length-byte name" decode f64-galp.galp "$long"
    same "a $length-byte name" want.bin "$long"
    no_hidden_file && ok || not_ok "a $length-byte name: a temporary file was left"
    rm -f "$long"
done

# ---- standard output that cannot be written: exit code 3 and one message, whatever the command --
# full NAME ARGS...: runs galp ARGS with standard output on /dev/full (a device that is always
# full) and expects exit code 3 and the one message for a failed standard output.
full() {
    name=$1
    shift
    "$GALP" "$@" >/dev/full 2>err.log
    rc=$?
    [ "$rc" -eq 3 ] && ok || not_ok "$name: exit code $rc with standard output full, expected 3"
    has "$name: message" err.log '^galp: cannot write standard output: No space left on device$'
    [ "$(wc -l <err.log)" -eq 1 ] && ok || not_ok "$name: $(wc -l <err.log) error lines, expected 1"
}
if [ -c /dev/full ]; then
    full "verify, standard output full" verify f64-galp.galp f64-small.bin
    full "encode summary, standard output full" encode -t u8 u8.txt full.galp
    full "inspect, standard output full" inspect f64-galp.galp
    full "inspect --json, standard output full" inspect --json f64-galp.galp
    full "decode to -, standard output full" decode f64-galp.galp -
    full "decode --text to -, standard output full" decode --text f64-galp.galp -
    full "--help, standard output full" --help
    full "decode --help, standard output full" decode --help
else
    echo "test_cli: /dev/full absent, full standard output not tested"
fi

# ---- GPU commands: bit-identical to the CPU with CUDA and a GPU, exit code 5 otherwise ----------
expect 2 "decode --gpu --text" decode --gpu --text f64-galp.galp gpu.bin
absent "decode --gpu --text" gpu.bin
if grep -q 'CUDA not built' version.log; then
    expect 5 "decode --gpu without CUDA" decode --gpu f64-galp.galp gpu.bin
    has "decode --gpu without CUDA: message" err.log 'built without CUDA'
    absent "decode --gpu without CUDA" gpu.bin
    expect 5 "scan without CUDA" scan f64-galp.galp
else
    run decode --gpu f64-galp.galp gpu.bin
    if [ "$rc" -eq 5 ]; then
        ok
        absent "decode --gpu without a GPU" gpu.bin
        echo "test_cli: CUDA built but no usable GPU; GPU decode comparisons skipped"
    else
        for type in u8 u16 u32 u64 f32 f64; do
            for scheme in $(schemes_for $type); do
                t="decode --gpu $type/$scheme"
                expect 0 "$t" decode --gpu $type-$scheme.galp gpu.bin
                "$GALP" decode $type-$scheme.galp cpu.bin
                same "$t: identical to the CPU" cpu.bin gpu.bin
            done
        done
        rm -f gpu.bin
        # Scans on the CLI's default stream, against counts taken from the fixtures with awk
        # (u64 left out: its values are past awk's exact doubles). Float NaNs and infinities
        # (the lines with an n) match no range; the aggregate's count includes the NaNs, which
        # nan_count counts again.
        for type in u8 u16 u32 f32 f64; do
            case $type in
            u8) range=120,140 present=255 missing=254 ;;
            u16) range=30100,30200 present=65535 missing=65534 ;;
            u32) range=4000001000,4000002000 present=4294967295 missing=4294967294 ;;
            *) range=-5,30 present=0.1 missing=0.125 ;;
            esac
            in_range=$(awk -v lo="${range%,*}" -v hi="${range#*,}" '
                index($1, "n") == 0 && $1 + 0 >= lo + 0 && $1 + 0 <= hi + 0 { n++ }
                END { print n + 0 }' $type.txt)
            nans=$(grep -c nan $type.txt)
            [ "$in_range" -gt 0 ] || not_ok "scan $type: no fixture value in $range"
            for scheme in $(schemes_for $type); do
                t="scan $type/$scheme"
                expect 0 "$t --range" scan --range $range $type-$scheme.galp
                has "$t --range $range: $in_range values" out.log "^$in_range\$"
                expect 0 "$t --exists" scan --exists $present $type-$scheme.galp
                has "$t --exists $present" out.log '^yes$'
                expect 0 "$t --exists" scan --exists $missing $type-$scheme.galp
                has "$t --exists $missing" out.log '^no$'
                expect 0 "$t aggregate" scan $type-$scheme.galp
                has "$t aggregate: count" out.log "^count $N\$"
                case $type in f*) has "$t aggregate: NaN count" out.log "^nan_count $nans\$" ;; esac
            done
        done
        # Bounds are parsed like encode's text (cli_parse_value): the f32 text rounds once
        # (to 0x3f800001, the value in f32-exact.galp), 0150 is decimal 150 (octal 0150 = 104
        # is in u8.txt), hex and overflow to infinity are refused.
        expect 0 "scan: f32 bound rounds once" scan --exists 1.000000059604644775390625000000001 f32-exact.galp
        has "scan: f32 bound rounds once" out.log '^yes$'
        expect 0 "scan: leading zero is decimal" scan --exists 0150 u8-ffor.galp
        has "scan: leading zero is decimal" out.log '^no$'
        expect 2 "scan: hex bound" scan --exists 0x10 u8-ffor.galp
        has "scan: hex bound: message" err.log "^galp scan: --exists X '0x10': not an unsigned decimal integer"
        expect 2 "scan: f32 bound overflows" scan --range 0,1e39 f32-galp.galp
        has "scan: f32 bound overflows: message" err.log "^galp scan: --range HI '1e39': out of range for f32"
        expect 2 "scan: f64 bound overflows" scan --range=-1e400,0 f64-galp.galp
        has "scan: f64 bound overflows: message" err.log "^galp scan: --range LO '-1e400': out of range for f64"
        expect 1 "decode --gpu: damaged file" decode --gpu checksum.galp gpu.bin
        has "decode --gpu: damaged file: message" err.log "^galp: checksum.galp: "
        absent "decode --gpu: damaged file" gpu.bin
        expect 1 "decode --gpu: trailing bytes" decode --gpu concat.galp gpu.bin
        has "decode --gpu: trailing bytes: message" err.log "^galp: concat.galp: .*GALP_ERR_LAYOUT"
        absent "decode --gpu: trailing bytes" gpu.bin
        expect 1 "scan: trailing bytes" scan concat.galp
        has "scan: trailing bytes: message" err.log "^galp: concat.galp: .*GALP_ERR_LAYOUT"
        expect 1 "decode --gpu: damaged payload" decode --gpu payload.galp gpu.bin
        has "decode --gpu: damaged payload: message" err.log "^galp: payload.galp: .*GALP_ERR_PAYLOAD_CHECKSUM"
        absent "decode --gpu: damaged payload" gpu.bin
    fi
fi

# ---- strings (docs/CLI.md, spec/fsst.md): both input forms, decode, inspect, verify, scan ------
# An empty string, a repeated one, blanks kept as they are; the last line lacks its newline.
printf 'alpha\nbeta\n\n  gamma gamma\nalpha\nlast' > str.txt
expect 0 "str: encode text" encode -q -t str -f text str.txt str.galp
expect 0 "str: decode --text" decode --text str.galp str-back.txt
printf '\n' >> str.txt # decode writes a newline after every string, the last one included
if cmp -s str.txt str-back.txt; then ok; else not_ok "str: text round trip differs"; fi
expect 0 "str: verify text" verify -q str.galp str.txt
expect 0 "str: inspect" inspect str.galp
has "str: inspect: type" out.log "^value type +str, scheme fsst"
has "str: inspect: count" out.log "^strings +6, 31 bytes"
# galp encode writes lean vectors (spec/fsst.md §5.1): the piece count comes from the entry
has "str: inspect: pieces" out.log "^pieces +1, [1-9][0-9]* code bytes$"
# Town names, whose symbols share their starts: a compact symbol table (spec/fsst.md §3.1).
for i in $(seq 1 200); do
    printf 'Springfield\nSpringdale\nStoneville\nStonewood\nNorthfield\n'
done > towns.txt
expect 0 "str: encode towns" encode -q -t str -f text towns.txt towns.galp
expect 0 "str: verify towns" verify -q towns.galp towns.txt
expect 0 "str: inspect towns" inspect towns.galp
has "str: inspect: compact table" out.log "^symbol table +[0-9]+ symbols, [0-9]+ bytes, compact \(shared starts\)$"
has "str: inspect: compact table and lean vectors version" out.log "^format version +1\.7$"
run scan str.galp --equal alpha # a GPU command: exit code 5 without CUDA or a GPU
if [ "$rc" -eq 5 ]; then
    ok
elif [ "$rc" -eq 0 ]; then
    has "str: scan --equal: count" out.log "^count 2 of 6 strings"
else
    not_ok "str: scan --equal: exit code $rc"
fi
expect 0 "str: decode binary" decode str.galp str-back.bin
expect 0 "str: encode binary" encode -q -t str -f binary str-back.bin str2.galp
expect 0 "str: verify binary" verify -q str2.galp str-back.bin
if cmp -s str.galp str2.galp; then ok; else not_ok "str: binary and text inputs encode differently"; fi
expect 0 "str: encode --no-checksum" encode -q --no-checksum -t str -f text str.txt str3.galp
expect 0 "str: verify --no-checksum file" verify -q str3.galp str.txt
printf 'alpha\nbeta\n\n  gamma gamma\nalpha\nlasT\n' > str-other.txt
expect 4 "str: verify mismatch" verify -q str.galp str-other.txt

# ---- real data ----------------------------------------------------------------------------------
samples=${GALP_DATA_DIR:-}/alp/samples
if [ -n "${GALP_DATA_DIR:-}" ] && ls "$samples"/*.csv >/dev/null 2>&1; then
    for csv in "$samples"/*.csv; do
        name=$(basename "$csv" .csv)
        expect 0 "$name: encode" encode -q -t f64 "$csv" real.galp
        expect 0 "$name: verify" verify -q real.galp "$csv"
        expect 0 "$name: inspect" inspect real.galp
    done
else
    echo "test_cli: real-data part skipped: no \$GALP_DATA_DIR/alp/samples/*.csv (GALP_DATA_DIR=${GALP_DATA_DIR:-unset})"
fi

echo "test_cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
