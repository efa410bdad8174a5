#!/usr/bin/env bash
# The Firestore store adapter's tests (the store contract suite, the rules
# tests and its own) against Google's Cloud Firestore emulator on a free
# port, with no case skipped. Where that emulator is not installed the npm
# stand-in runs instead, saying so, and the cases it gets wrong are skipped
# with their reasons shown. The output says which ran and how many cases
# were skipped; the exit status is go test's.
#
# Extra arguments go to go test (e.g. -run Contract). FIRESTORE_PACKAGES
# (default ./backend/store/firestore/...) names other packages to run on the
# same emulator, e.g. ./backend/orders/... ./backend/httpapi/... (their store
# tables include Firestore when FIRESTORE_EMULATOR_HOST is set). REPEAT=N runs
# the whole set N times in a row, resetting the emulator before each, and
# stops at the first failure. FIRESTORE_EMULATOR=standin runs on the
# stand-in even where Google's emulator is installed; with
# STORETEST_IGNORE_SKIPS=1 its skipped cases run too, to check they still
# fail there.
source "$(dirname "$0")/lib.sh"

RUN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/listinglift-firestore.XXXXXX")
trap 'cleanup; rm -rf "$RUN_DIR"' EXIT
trap 'exit 130' INT TERM

read -r -a packages <<<"${FIRESTORE_PACKAGES:-./backend/store/firestore/...}"
start_firestore "$RUN_DIR/firestore.log"
echo "Firestore: $FS_KIND at $FS_HOST"

# -v so skips print their reasons. A "=== RUN" line is kept only when log
# output (a skip reason, a failure) follows it, to say which case that is.
only_runs_with_output() {
  awk '/^=== (RUN|PAUSE|CONT|NAME)/ { held = $0; next }
       /^[ \t]+[^ \t-]/ && held != "" { print held }
       { held = ""; print; fflush() }'
}

status=0
for ((run = 1; run <= ${REPEAT:-1}; run++)); do
  ((${REPEAT:-1} == 1)) || say "run $run of $REPEAT"
  reset_firestore "$FS_HOST"
  start=$SECONDS
  (cd "$ROOT" && FIRESTORE_EMULATOR_HOST="$FS_HOST" FIRESTORE_EMULATOR_STANDIN="$FS_STANDIN" \
    GOOGLE_CLOUD_PROJECT="$PROJECT_ID" go test "${packages[@]}" -count=1 -v "$@") |
    only_runs_with_output | tee "$RUN_DIR/go-test.log" || status=${PIPESTATUS[0]}
  skipped=$(grep -c -- '--- SKIP' "$RUN_DIR/go-test.log" || true)
  failed=$(grep -c -- '--- FAIL' "$RUN_DIR/go-test.log" || true)
  echo "Firestore run $run: $FS_KIND; $failed failed, $skipped skipped, $((SECONDS - start))s"
  ((status == 0)) || break
done

if ((status != 0)); then
  echo "--- emulator log (last 40 lines)"
  tail -n 40 "$RUN_DIR/firestore.log"
fi
exit "$status"
