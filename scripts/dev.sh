#!/usr/bin/env bash
# make dev: the whole product on this machine with local adapters — the
# Firebase Auth emulator, a SQLite store in var/, the server serving the
# built React app. No cloud account and no network needed. Ctrl-C stops all.
source "$(dirname "$0")/lib.sh"
"$ROOT/scripts/setup.sh"

PORT=${PORT:-8080}
AUTH_PORT=${AUTH_PORT:-9099}
RUN_DIR="$ROOT/var/dev"
mkdir -p "$RUN_DIR"
trap 'echo; echo "stopping…"; cleanup' EXIT
trap 'exit 0' INT TERM  # Ctrl-C is how dev stops: not an error

say "Building the web app and the server"
build_web
build_server
SERVER_BIN="$BIN/server"
if [[ ${LISTING_FIXTURES:-} == 1 ]]; then
  # Offline demo: listing links are read from the local fixture site (the
  # e2e build), e.g. https://www.airbnb.com/rooms/48123456.
  build_e2e_server
  start_fixture_site "$RUN_DIR/fixturesite.log"
  export E2E_LISTING_SITE=$FIXTURE_SITE
  SERVER_BIN="$BIN/server-e2e"
fi

# Market data for the reports' comparisons: the Inside Airbnb snapshot
# beside the project, imported once into var/market.db.
DATA_DIR=${LISTINGLIFT_DATA_DIR:-$ROOT/../shared/data}
if [[ -z ${MARKET_DB:-} ]]; then
  snapshot=$(ls -d "$DATA_DIR"/insideairbnb-* 2>/dev/null | head -n 1 || true)
  if [[ -n $snapshot ]]; then
    export MARKET_DB="$ROOT/var/market.db"
    if [[ ! -s $MARKET_DB ]]; then
      say "Importing market data from $snapshot"
      (cd "$ROOT" && go build -o "$BIN/listinglift" ./backend/cmd/listinglift)
      "$BIN/listinglift" market import --db "$MARKET_DB" "$snapshot"
    fi
  else
    echo "no market data under $DATA_DIR: reports will say there is no market data (set LISTINGLIFT_DATA_DIR)"
  fi
fi

say "Starting the Firebase Auth emulator on 127.0.0.1:$AUTH_PORT"
start_auth_emulator "$AUTH_PORT" "$RUN_DIR"

say "Starting ListingLift"
export APP_ENV=development PORT FIREBASE_PROJECT_ID="$PROJECT_ID" \
  FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$AUTH_PORT" \
  SQLITE_PATH=${SQLITE_PATH:-$ROOT/var/listinglift.db} WEB_DIR="$ROOT/frontend/dist" \
  BLOB_DIR=${BLOB_DIR:-$ROOT/var/blobs} OUTBOX_DIR=${OUTBOX_DIR:-$ROOT/var/outbox}
start_bg "$RUN_DIR/server.log" "$SERVER_BIN"
wait_http "http://127.0.0.1:$PORT/healthz" 30 "server" "$RUN_DIR/server.log"

PORT=$PORT AUTH_PORT=$AUTH_PORT PROJECT_ID=$PROJECT_ID RUN_DIR=$RUN_DIR "$ROOT/scripts/dev-banner.sh"
# Follow the server log until Ctrl-C or until a process dies.
tail -n 0 -f "$RUN_DIR/server.log" &
PIDS+=($!)
alive() { local p; for p in "${PIDS[@]}"; do kill -0 "$p" 2>/dev/null || return 1; done; }
while alive; do sleep 1; done
echo "a process stopped unexpectedly; see the logs above" >&2
exit 1
