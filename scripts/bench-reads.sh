#!/usr/bin/env bash
# The "reads per page" section of make bench (issue 44), runnable alone:
# the store reads of the pages a host keeps loading — the results page's
# poll, the dashboard, the server-drawn report page — counted at the
# store's interface by a counting wrapper (TestReadsPerPage in
# backend/httpapi/reads_test.go), against the Auth emulator and
# stripe-mock. Each read is at least one billed Firestore document read; a
# list costs one per row returned ("documents").
source "$(dirname "$0")/lib.sh"
READS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/listinglift-reads.XXXXXX")
trap 'cleanup; rm -rf "$READS_DIR"' EXIT
# An Auth emulator and stripe-mock already running (their variables set)
# are used as they are; otherwise this starts its own.
if [[ -z ${FIREBASE_AUTH_EMULATOR_HOST:-} ]]; then
  READS_AUTH_PORT=$(free_port)
  start_auth_emulator "$READS_AUTH_PORT" "$READS_DIR/auth"
  FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$READS_AUTH_PORT"
fi
[[ -n ${STRIPE_MOCK_URL:-} ]] || start_stripe_mock "$READS_DIR/stripe-mock.log"
(cd "$ROOT" && FIREBASE_AUTH_EMULATOR_HOST="$FIREBASE_AUTH_EMULATOR_HOST" STRIPE_MOCK_URL="$STRIPE_MOCK_URL" \
  GOOGLE_CLOUD_PROJECT="$PROJECT_ID" go test ./backend/httpapi -run '^TestReadsPerPage$' -count=1 -v) >"$READS_DIR/out" 2>&1 ||
  { cat "$READS_DIR/out"; exit 1; }
grep '^reads-per-page:' "$READS_DIR/out" | sed 's/^reads-per-page: /  /'
echo "  (CustomerDeleted is the deleted-account check every signed-in call makes: DEPLOY.md §20)"
