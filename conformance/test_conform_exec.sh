#!/bin/sh
# The command protocol's edges (spec/conformance.md §5.2, docs/CONFORMANCE.md): the strict
# format of the {err} file, --require-class, and a runner started with a long TMPDIR.
. "$GALP_SRCDIR/conformance/test_conform_common.sh"

# reject.sh TEXT ERR: a decoder that rejects every input and writes TEXT (printf %b escapes)
# to ERR.
cat > "$WORK/reject.sh" <<'SCRIPT'
printf '%b' "$1" > "$2"
exit 1
SCRIPT
reject() { echo "sh '$WORK/reject.sh' '$1' {err} {in} {out}"; }

# A malformed class is a failure of every invalid vector, never "class not reported".
conform malformed 1 --exec "$(reject ' GALP_ERR_RESERVED\n')"
expect_failed malformed 'invalid/*'
grep -q 'malformed class' "$WORK/malformed.tap" || fail "malformed: reason not given"

# The class alone, with or without a line ending, is read; anything more or else is malformed.
for text in 'GALP_ERR_BAD_MAGIC' 'GALP_ERR_BAD_MAGIC\n' 'GALP_ERR_BAD_MAGIC\r\n'; do
    conform well_formed 0 --match 'invalid/bad_magic' --require-class --exec "$(reject "$text")"
    grep -q 'rejected as GALP_ERR_BAD_MAGIC' "$WORK/well_formed.tap" || fail "'$text': not read"
done
for text in '\tGALP_ERR_BAD_MAGIC\n' 'GALP_ERR_BAD_MAGIC \n' 'GALP_ERR_BAD_MAGIC\n\n' \
    'GALP_ERR_BAD_MAGIC extra\n' 'GALP_ERR_BAD\0377MAGIC' 'galp_err_bad_magic' '\n'; do
    conform malformed_one 1 --match 'invalid/bad_magic' --exec "$(reject "$text")"
    grep -q 'malformed class' "$WORK/malformed_one.tap" || fail "'$text': not reported malformed"
done

# An empty or absent {err} reports no class: a pass, unless --require-class asks for classes.
conform no_class 0 --match 'invalid/bad_magic' --exec "$(reject '')"
conform no_class_required 1 --match 'invalid/bad_magic' --require-class --exec "$(reject '')"
grep -q 'no class reported' "$WORK/no_class_required.tap" || fail "no_class_required: reason"
conform no_class_valid 1 --require-class --exec "$(reject '')"
expect_failed no_class_valid 'invalid/*' 'valid/*'
# A command without {err} can never report a class: with --require-class that is a usage error.
conform no_err_placeholder 2 --require-class --exec "sh -c 'exit 1' sh {in} {out}"

# A long TMPDIR (the runner's files live in a directory created there).
long="$WORK"
while [ ${#long} -lt 400 ]; do long="$long/a-directory-name-of-some-length"; done
mkdir -p "$long"
TMPDIR=$long conform long_tmpdir 0 --match 'invalid/bad_magic' \
    --exec "$(reject 'GALP_ERR_BAD_MAGIC')"
finish
