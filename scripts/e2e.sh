#!/usr/bin/env bash
# Browser end-to-end tests: Playwright in Debian's Chromium against the real
# local stack, three times over — with payments off (Playwright project
# "chromium"), with checkout against stripe-mock (project "stripe", the
# *.stripe.spec.ts files, which stand in for Stripe's hosted page: they send
# the signed webhook and return to the success URL themselves), and the paid
# journey on the production adapters (project "firestore", the
# *.firestore.spec.ts files: the Firestore store on Google's emulator, the
# Cloud Tasks queue on cloud-tasks-emulator, checkout against stripe-mock).
#
# Started here: the listing fixture site, stripe-mock, cloud-tasks-emulator
# and three servers of the e2e build (listing fetches go to the fixture site;
# everything else — auth, store, API, parsers, report job — is the real
# thing), two with their own SQLite file, one on Firestore. The Firebase Auth
# and Firestore emulators are shared: scripts/test.sh passes the ones it runs
# (AUTH_PORT, FS_HOST with FS_STANDIN and FS_KIND, with RUN_DIR and
# PROJECT_ID); run on its own, this script starts them.
#
# Needs the builds: frontend/dist (npm run build) and .bin/server-e2e,
# .bin/fixturesite, .bin/devseed, .bin/stripe-mock (scripts/lib.sh
# build_e2e_server, build_server; make setup).
#
# Usage: scripts/e2e.sh [PLAYWRIGHT ARGS...]
#   e.g. scripts/e2e.sh --project=stripe, scripts/e2e.sh e2e/paid-flow.spec.ts
# (write --project=NAME: the spaced form also swallows the file names after it).
given_project=${PROJECT_ID:-}
source "$(dirname "$0")/lib.sh"
PROJECT_ID=${given_project:-$PROJECT_ID}

own_run_dir=
if [[ -z ${RUN_DIR:-} ]]; then
  RUN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/listinglift-e2e.XXXXXX")
  own_run_dir=1
fi
DIR="$RUN_DIR/e2e"
mkdir -p "$DIR"
trap 'cleanup; [[ -z $own_run_dir ]] || rm -rf "$RUN_DIR"' EXIT
trap 'exit 130' INT TERM

for bin in server-e2e fixturesite devseed stripe-mock listinglift; do
  [[ -x $BIN/$bin ]] || die "$BIN/$bin is missing: run make setup, or source scripts/lib.sh && build_e2e_server && build_server"
done
[[ -f $ROOT/frontend/dist/index.html ]] || die "frontend/dist is missing: run (cd frontend && npm run build)"

if [[ -n ${AUTH_PORT:-} ]]; then
  wait_http "http://127.0.0.1:$AUTH_PORT/" 10 "Auth emulator" || die "no Auth emulator at 127.0.0.1:$AUTH_PORT (AUTH_PORT)"
else
  AUTH_PORT=$(free_port)
  start_auth_emulator "$AUTH_PORT" "$DIR/auth" || die "the Auth emulator did not start"
fi

start_fixture_site "$DIR/fixturesite.log" || die "the fixture site did not start"
start_stripe_mock "$DIR/stripe-mock.log" || die "stripe-mock did not start"

# Market data: the Inside Airbnb Albany snapshot beside the project, imported
# for the servers, so a listing in Albany is compared with it (and one
# elsewhere with the fixture site's live search). Without the snapshot the
# Albany tests say why they skip.
E2E_MARKET=
MARKET_ENV=()
DATA_DIR=${LISTINGLIFT_DATA_DIR:-$ROOT/../shared/data}
snapshot=$(ls -d "$DATA_DIR"/insideairbnb-albany-* 2>/dev/null | head -n 1 || true)
if [[ -n $snapshot ]]; then
  "$BIN/listinglift" market import --db "$DIR/market.db" "$snapshot" >"$DIR/market-import.log" 2>&1 ||
    die "importing $snapshot failed: $(tail -n 5 "$DIR/market-import.log")"
  E2E_MARKET=albany
  MARKET_ENV=(MARKET_DB="$DIR/market.db")
else
  echo "no Inside Airbnb Albany snapshot under $DATA_DIR: the e2e servers run without market data (set LISTINGLIFT_DATA_DIR)"
fi

WEBHOOK_SECRET=whsec_e2e
LOGS=()

# The servers log at info, as in production, so the access log of every
# request is there for the share-token scan after the run.
# start_server NAME [-u VAR...] [VAR=VALUE...]: an e2e-build server with its
# own SQLite file ($DIR/NAME.db), PDF folder ($DIR/NAME-blobs), mail outbox
# ($DIR/NAME-outbox) and log ($DIR/NAME.log), env(1) arguments
# first (the -u options before any VAR=VALUE); sets PORT_OF_<NAME>.
start_server() {
  local name=$1 port
  shift
  port=$(free_port)
  LOGS+=("$DIR/$name.log")
  start_bg "$DIR/$name.log" env "$@" "${MARKET_ENV[@]}" APP_ENV=development HOST=127.0.0.1 PORT="$port" PUBLIC_URL="http://127.0.0.1:$port" \
    FIREBASE_PROJECT_ID="$PROJECT_ID" FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$AUTH_PORT" \
    E2E_LISTING_SITE="$FIXTURE_SITE" SQLITE_PATH="$DIR/$name.db" WEB_DIR="$ROOT/frontend/dist" LOG_LEVEL=info \
    BLOB=local BLOB_DIR="$DIR/$name-blobs" MAIL=outbox OUTBOX_DIR="$DIR/$name-outbox" \
    "$BIN/server-e2e"
  wait_http "http://127.0.0.1:$port/healthz" 30 "server ($name)" "$DIR/$name.log" || return 1
  printf -v "PORT_OF_${name//-/_}" '%s' "$port"
}

# start_firestore_server: the Firestore journey's server (project
# "firestore"): payments on against stripe-mock as the stripe server's, the
# store on Google's Firestore emulator (STORE=firestore) and so the report
# jobs on Cloud Tasks (JOBS=cloudtasks; the local queue lives in SQLite),
# pushed by cloud-tasks-emulator to the server's task endpoint with an OIDC
# token for TASKS_SERVICE_ACCOUNT, which the endpoint verifies as in
# production, against the emulator's issuer and key set (the e2e build's
# E2E_TASKS_OIDC_ISSUER) instead of Google's. The Firestore emulator scripts/test.sh runs is reused, emptied
# first (its REST reset); run on its own, this script starts one. The Cloud
# Tasks emulator is always this script's own, so no task the Go tests left
# queued is delivered here. The npm stand-in is never used: it has no
# transaction isolation and no REST API, so the journey would prove less
# than it says; without Google's emulator the spec skips, saying why.
# Sets E2E_FIRESTORE_BASE_URL and E2E_FIRESTORE_EMULATOR (host:port), or
# E2E_FIRESTORE_MISSING (why not); FIRESTORE_SERVER_SAYS for the output.
start_firestore_server() {
  E2E_FIRESTORE_BASE_URL='' E2E_FIRESTORE_EMULATOR='' E2E_FIRESTORE_MISSING=''
  if [[ -n ${FS_HOST:-} && -z ${FS_STANDIN:-} ]]; then
    reset_firestore "$FS_HOST" || die "could not empty the Firestore emulator at $FS_HOST"
  elif [[ -z ${FS_HOST:-} && ${FIRESTORE_EMULATOR:-} != standin ]] && firestore_emulator_jar >/dev/null; then
    start_firestore "$DIR/firestore-emulator.log" || die "Google's Firestore emulator did not start"
  else
    E2E_FIRESTORE_MISSING="the journey on Firestore needs Google's Firestore emulator (the npm stand-in runs here): $(firestore_install_hint)"
    FIRESTORE_SERVER_SAYS="not started: $E2E_FIRESTORE_MISSING"
    return 0
  fi
  start_cloud_tasks_emulator "$DIR/cloud-tasks.log" || die "cloud-tasks-emulator did not start"
  local TASKS_ACCOUNT="report-tasks@$PROJECT_ID.iam.gserviceaccount.com"
  LOGS+=("$DIR/cloud-tasks.log")
  start_server firestore -u STRIPE_PRICE_BASIC -u STRIPE_PRICE_PREMIUM \
    STORE=firestore FIRESTORE_EMULATOR_HOST="$FS_HOST" JOBS=cloudtasks CLOUD_TASKS_QUEUE="$CLOUD_TASKS_QUEUE" \
    CLOUD_TASKS_EMULATOR_HOST="$CLOUD_TASKS_EMULATOR_HOST" TASKS_SERVICE_ACCOUNT="$TASKS_ACCOUNT" \
    E2E_TASKS_OIDC_ISSUER="$CLOUD_TASKS_EMULATOR_OIDC_ISSUER" STRIPE_SECRET_KEY=sk_test_e2e \
    STRIPE_WEBHOOK_SECRET="$WEBHOOK_SECRET" STRIPE_API_URL="$STRIPE_MOCK_URL" || die "the Firestore server did not start"
  # What the server itself says it opened, not what it was asked for.
  local store
  store=$(python3 -c 'import json, sys
for line in open(sys.argv[1]):
    try:
        record = json.loads(line)
    except ValueError:
        continue
    if record.get("message") == "server listening":
        print(record.get("store", ""))
        break' "$DIR/firestore.log")
  [[ $store == firestore ]] || die "the Firestore server says it opened store '$store', not firestore: $(tail -n 5 "$DIR/firestore.log")"
  E2E_FIRESTORE_BASE_URL="http://127.0.0.1:$PORT_OF_firestore" E2E_FIRESTORE_EMULATOR=$FS_HOST
  FIRESTORE_SERVER_SAYS="$E2E_FIRESTORE_BASE_URL (its log: store=$store; Firestore at $FS_HOST: $FS_KIND; JOBS=cloudtasks, $CLOUD_TASKS_QUEUE at $CLOUD_TASKS_EMULATOR_HOST, tokens for $TASKS_ACCOUNT checked)"
}

# Payments off: no STRIPE_* variables, so no STRIPE_* may leak in from outside.
start_server payments-off -u STRIPE_SECRET_KEY -u STRIPE_WEBHOOK_SECRET -u STRIPE_API_URL \
  -u STRIPE_PRICE_BASIC -u STRIPE_PRICE_PREMIUM || die "the payments-off server did not start"
start_server stripe -u STRIPE_PRICE_BASIC -u STRIPE_PRICE_PREMIUM STRIPE_SECRET_KEY=sk_test_e2e \
  STRIPE_WEBHOOK_SECRET="$WEBHOOK_SECRET" STRIPE_API_URL="$STRIPE_MOCK_URL" || die "the stripe server did not start"
start_firestore_server
# The Watch journey's server (issue 45): payments on against stripe-mock, as
# the stripe server's, with a clock of its own that the journey moves weeks
# forward (the e2e build's POST /__e2e/clock), so no other spec sees its
# time pass.
start_server watch -u STRIPE_PRICE_BASIC -u STRIPE_PRICE_PREMIUM STRIPE_SECRET_KEY=sk_test_e2e \
  STRIPE_WEBHOOK_SECRET="$WEBHOOK_SECRET" STRIPE_API_URL="$STRIPE_MOCK_URL" || die "the watch server did not start"

echo "Auth emulator         127.0.0.1:$AUTH_PORT ($PROJECT_ID)"
echo "fixture site          $FIXTURE_SITE"
echo "stripe-mock           $STRIPE_MOCK_URL"
echo "server, payments off  http://127.0.0.1:$PORT_OF_payments_off (STORE=sqlite, JOBS=local)"
echo "server, stripe-mock   http://127.0.0.1:$PORT_OF_stripe (STORE=sqlite, JOBS=local)"
echo "server, Firestore     $FIRESTORE_SERVER_SAYS"
echo "server, Watch         http://127.0.0.1:$PORT_OF_watch (STORE=sqlite, JOBS=local, payments on, its own clock)"

# The specs sign users up in the same Auth emulator, seed records with devseed
# straight into the payments-off server's SQLite file, and sign webhooks with
# the stripe server's secret.
status=0
(cd "$ROOT/frontend" && E2E_BASE_URL="http://127.0.0.1:$PORT_OF_payments_off" \
  E2E_AUTH_EMULATOR="127.0.0.1:$AUTH_PORT" E2E_PROJECT_ID="$PROJECT_ID" \
  E2E_SQLITE_PATH="$DIR/payments-off.db" E2E_DEVSEED="$BIN/devseed" \
  E2E_FIXTURE_LISTING_URL="https://www.airbnb.com/rooms/48123456" E2E_FIXTURE_SITE="$FIXTURE_SITE" \
  E2E_STRIPE_BASE_URL="http://127.0.0.1:$PORT_OF_stripe" E2E_STRIPE_WEBHOOK_SECRET="$WEBHOOK_SECRET" \
  E2E_STRIPE_SQLITE_PATH="$DIR/stripe.db" E2E_OUTBOX_DIR="$DIR/payments-off-outbox" \
  E2E_STRIPE_OUTBOX_DIR="$DIR/stripe-outbox" E2E_MARKET="$E2E_MARKET" \
  E2E_FIRESTORE_BASE_URL="$E2E_FIRESTORE_BASE_URL" E2E_FIRESTORE_EMULATOR="$E2E_FIRESTORE_EMULATOR" \
  E2E_FIRESTORE_MISSING="$E2E_FIRESTORE_MISSING" E2E_WATCH_BASE_URL="http://127.0.0.1:$PORT_OF_watch" \
  E2E_WATCH_OUTBOX_DIR="$DIR/watch-outbox" npx playwright test "$@") || status=$?

# Share links are bearer links: no log of the run may hold one (issue 28).
# Every log this run wrote is scanned — the servers', the fixture site's,
# stripe-mock's, the Auth emulator's when this script started it.
if ! "$ROOT/scripts/scan-share-tokens.py" "$DIR"; then
  echo "a share-link token reached the logs above: redact it where it is logged (httpapi.RedactPath)" >&2
  [[ -z ${E2E_FAILURES_FILE:-} ]] || echo "a share-link token reached a log (scripts/scan-share-tokens.py)" >>"$E2E_FAILURES_FILE"
  status=1
fi

# On a failure, what each server said beyond its access log (successful
# requests, 2xx and 3xx, are left out: they are most of it).
if ((status != 0)); then
  for log in "${LOGS[@]}"; do
    echo "--- $(basename "$log") (its last 40 lines, successful requests left out)"
    grep -vE '"message":"request".*"status":[23][0-9][0-9],' "$log" | tail -n 40
  done
fi
exit "$status"
