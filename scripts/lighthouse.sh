#!/usr/bin/env bash
# Lighthouse on the landing page, /login and a finished report
# (frontend/scripts/lighthouse.mjs prints the figures). Part of `make bench`,
# never of `make test`: the figures are timings.
#
# Started here, on free ports, and stopped at the end: a Firebase Auth emulator
# and the server (payments off, its own SQLite file) serving frontend/dist. One
# host is signed up in the emulator and seeded a completed Basic report with
# devseed (the engine's report for a sample listing, so no listing is fetched).
#
# Needs the builds: frontend/dist and .bin/server, .bin/devseed (bench.sh
# makes them; by hand: source scripts/lib.sh && build_web && build_server).
source "$(dirname "$0")/lib.sh"

for bin in server devseed; do
  [[ -x $BIN/$bin ]] || die "$BIN/$bin is missing: source scripts/lib.sh && build_server"
done
[[ -f $ROOT/frontend/dist/index.html ]] || die "frontend/dist is missing: run (cd frontend && npm run build)"
[[ -x ${CHROMIUM_PATH:-/usr/bin/chromium} ]] || die "Chromium is missing: run scripts/setup.sh --browser"

DIR=$(mktemp -d "${TMPDIR:-/tmp}/listinglift-lighthouse.XXXXXX")
trap 'cleanup; rm -rf "$DIR"' EXIT
trap 'exit 130' INT TERM

AUTH_PORT=$(free_port)
start_auth_emulator "$AUTH_PORT" "$DIR/auth" || die "the Auth emulator did not start"

port=$(free_port)
start_bg "$DIR/server.log" env -u STRIPE_SECRET_KEY -u STRIPE_WEBHOOK_SECRET -u STRIPE_API_URL \
  APP_ENV=development HOST=127.0.0.1 PORT="$port" PUBLIC_URL="http://127.0.0.1:$port" \
  FIREBASE_PROJECT_ID="$PROJECT_ID" FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$AUTH_PORT" \
  SQLITE_PATH="$DIR/lighthouse.db" WEB_DIR="$ROOT/frontend/dist" LOG_LEVEL=warn \
  BLOB=local BLOB_DIR="$DIR/blobs" MAIL=outbox OUTBOX_DIR="$DIR/outbox" "$BIN/server"
base="http://127.0.0.1:$port"
wait_http "$base/healthz" 30 "server" "$DIR/server.log" || die "the server did not start"

# The report's owner: an e-mail account in the emulator whose first sign-in is
# recorded (POST /api/me creates the customer devseed needs).
email="lighthouse-$$@example.com" password="Lighthouse123!"
signup=$(curl -fsS -H 'Content-Type: application/json' \
  -d "{\"email\":\"$email\",\"password\":\"$password\",\"displayName\":\"Lighthouse Host\",\"returnSecureToken\":true}" \
  "http://127.0.0.1:$AUTH_PORT/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key")
read -r uid token < <(node -e 'const b = JSON.parse(process.argv[1]); console.log(b.localId, b.idToken)' "$signup")
curl -fsS -o /dev/null -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"displayName":"Lighthouse Host"}' "$base/api/me"
# devseed's first record is a completed Basic report; it prints "ID<TAB>created<TAB>status<TAB>title".
id=$("$BIN/devseed" -db "$DIR/lighthouse.db" -uid "$uid" -count 1 | cut -f1)
[[ -n $id ]] || die "devseed made no record"

(cd "$ROOT/frontend" && LH_BASE_URL="$base" LH_REPORT_PATH="/payment-success?session_id=$id" \
  LH_EMAIL="$email" LH_PASSWORD="$password" node scripts/lighthouse.mjs)
