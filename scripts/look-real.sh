#!/usr/bin/env bash
# look-real.sh [OUT]: screenshots of the reports for three real saved listing
# pages, so the copy can be read as a host reads it. Default OUT: /tmp/look.
#
# Starts what `make dev` starts (the Auth emulator, the server with local
# adapters, payments off) on free ports with a throwaway store, signs up one
# host through the emulator, seeds one completed Premium order per page
# (devseed -page: the page read as `listinglift analyze` reads it, the
# built-in writer) and takes, at 1366 and 375 px, the dashboard and each
# report page as full-page PNGs (frontend/scripts/look-real.mjs, Debian's
# Chromium). Each page's PDF comes from the CLI (`listinglift analyze PAGE
# --plan premium --pdf`) as PNG pages (pdftoppm -r 60).
#
# The pages stay where others saved them (REAL_PAGES_DIR, default
# ../shared/real-pages); nothing is copied into the project. No market data
# is given to either the seeded report or the PDF (the three places have no
# snapshot, and live comparables need the network), so both say so.
source "$(dirname "$0")/lib.sh"
OUT=${1:-/tmp/look}
PAGES_DIR=${REAL_PAGES_DIR:-$ROOT/../shared/real-pages}
# name|page under PAGES_DIR
PAGES=(
  "airbnb-pt|airbnb/airbnb-2025-mehfius-arraial-raw.html"
  "booking-gb|booking/booking-2026-listingproof-gb-strandpalace.en-gb.html"
  "airbnb-en|airbnb/airbnb-2018-travelnest.htm"
)
command -v pdftoppm >/dev/null || die "pdftoppm is missing (apt-get install poppler-utils)"
for p in "${PAGES[@]}"; do [[ -f $PAGES_DIR/${p#*|} ]] || die "missing real page $PAGES_DIR/${p#*|} (set REAL_PAGES_DIR)"; done

"$ROOT/scripts/setup.sh" >/dev/null
RUN_DIR=$(mktemp -d /tmp/look-real.XXXXXX)
trap 'cleanup; rm -rf "$RUN_DIR"' EXIT
trap 'exit 1' INT TERM
mkdir -p "$OUT"
rm -f "$OUT"/*.png "$OUT"/tiles/*.png

say "Building the web app, the server, devseed and the CLI"
build_web
build_server

read -r PORT AUTH_PORT < <(free_ports 2)
say "Starting the Auth emulator (127.0.0.1:$AUTH_PORT) and the server (127.0.0.1:$PORT)"
start_auth_emulator "$AUTH_PORT" "$RUN_DIR/auth"
export APP_ENV=development HOST=127.0.0.1 PORT PUBLIC_URL="http://127.0.0.1:$PORT" FIREBASE_PROJECT_ID="$PROJECT_ID" \
  FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$AUTH_PORT" SQLITE_PATH="$RUN_DIR/listinglift.db" \
  WEB_DIR="$ROOT/frontend/dist" BLOB_DIR="$RUN_DIR/blobs" OUTBOX_DIR="$RUN_DIR/outbox" LOG_LEVEL=warn
unset MARKET_DB STRIPE_SECRET_KEY GEMINI_API_KEY GOOGLE_API_KEY
start_bg "$RUN_DIR/server.log" "$BIN/server"
wait_http "http://127.0.0.1:$PORT/healthz" 30 "server" "$RUN_DIR/server.log"

say "Signing up a host and seeding the three reports"
EMAIL="look-$(date +%s)@example.com" PASSWORD='Secret123!'
signup=$(curl -fsS -H 'Content-Type: application/json' \
  "http://127.0.0.1:$AUTH_PORT/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key" \
  -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\",\"displayName\":\"Real Page Host\",\"returnSecureToken\":true}")
UID_=$(jq -r .localId <<<"$signup")
TOKEN=$(jq -r .idToken <<<"$signup")
# The customer profile, as a first sign-in makes it.
curl -fsS -o /dev/null -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
  -d '{"displayName":"Real Page Host"}' "http://127.0.0.1:$PORT/api/me"
reports='[]'
for p in "${PAGES[@]}"; do
  name=${p%%|*} file=$PAGES_DIR/${p#*|}
  row=$("$BIN/devseed" -db "$SQLITE_PATH" -uid "$UID_" -page "$file" -plan premium -blobs "$BLOB_DIR")
  IFS=$'\t' read -r id _ status title <<<"$row"
  [[ $status == completed ]] || die "devseed did not complete $file: $row"
  echo "$name: $id  $title"
  reports=$(jq -c --arg n "$name" --arg i "$id" --arg t "$title" '. + [{name: $n, id: $i, title: $t}]' <<<"$reports")
  sleep 1 # each a second apart: the dashboard lists them newest first
done

say "Screenshots (1366 and 375 px) into $OUT"
jq -n --arg b "http://127.0.0.1:$PORT" --arg e "$EMAIL" --arg p "$PASSWORD" --arg o "$OUT" --argjson r "$reports" \
  '{baseURL: $b, email: $e, password: $p, out: $o, reports: $r}' >"$RUN_DIR/spec.json"
(cd "$ROOT/frontend" && node scripts/look-real.mjs "$RUN_DIR/spec.json")

say "PDFs (listinglift analyze --plan premium --pdf) as PNG pages"
for p in "${PAGES[@]}"; do
  name=${p%%|*} file=$PAGES_DIR/${p#*|}
  "$BIN/listinglift" analyze "$file" --plan premium --writer builtin --pdf "$RUN_DIR/$name.pdf" >"$OUT/$name-summary.txt"
  pdftoppm -r 60 -png "$RUN_DIR/$name.pdf" "$OUT/pdf-$name"
done
ls "$OUT"/pdf-*.png | sed 's/^/  /'

if grep -q '"level":"ERROR"' "$RUN_DIR/server.log" 2>/dev/null; then
  echo "the server logged errors:" >&2
  grep '"level":"ERROR"' "$RUN_DIR/server.log" >&2
fi
echo
echo "done: $(ls "$OUT"/*.png | wc -l) PNGs in $OUT, the web pages also as screen-high tiles in $OUT/tiles, each page's CLI summary as $OUT/<name>-summary.txt"
