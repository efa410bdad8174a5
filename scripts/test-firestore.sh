#!/usr/bin/env bash
# The Firestore store adapter's tests (the store contract suite plus its own)
# against the npm Firestore stand-in on a free port. Cases the stand-in gets
# wrong are skipped with their reasons shown; the exit status is go test's.
# Extra arguments go to go test (e.g. -run Contract). STORETEST_IGNORE_SKIPS=1
# runs the skipped cases too, to check they still fail on the stand-in.
source "$(dirname "$0")/lib.sh"

[[ -d $ROOT/tools/emulators/node_modules/@firestore-emulator/server ]] ||
  die "the stand-in is not installed: run (cd tools/emulators && npm install) or make setup"

RUN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/listinglift-firestore.XXXXXX")
trap 'cleanup; rm -rf "$RUN_DIR"' EXIT
trap 'exit 130' INT TERM

PORT=$(free_port)
start_firestore_standin "$PORT" "$RUN_DIR/standin.log"
head -n 1 "$RUN_DIR/standin.log"

# -v so skips print their reasons. A "=== RUN" line is kept only when log
# output (a skip reason, a failure) follows it, to say which case that is.
only_runs_with_output() {
  awk '/^=== (RUN|PAUSE|CONT|NAME)/ { held = $0; next }
       /^[ \t]+[^ \t-]/ && held != "" { print held }
       { held = ""; print; fflush() }'
}
status=0
(cd "$ROOT" && FIRESTORE_EMULATOR_HOST="127.0.0.1:$PORT" FIRESTORE_EMULATOR_STANDIN=1 \
  GOOGLE_CLOUD_PROJECT="$PROJECT_ID" go test ./backend/store/firestore/... -count=1 -v "$@") |
  only_runs_with_output || status=${PIPESTATUS[0]}

if ((status != 0)); then
  echo "--- stand-in log (last 40 lines)"
  tail -n 40 "$RUN_DIR/standin.log"
fi
exit "$status"
