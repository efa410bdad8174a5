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

say "Starting the Firebase Auth emulator on 127.0.0.1:$AUTH_PORT"
start_auth_emulator "$AUTH_PORT" "$RUN_DIR"

say "Starting ListingLift"
export APP_ENV=development PORT FIREBASE_PROJECT_ID="$PROJECT_ID" \
  FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$AUTH_PORT" \
  SQLITE_PATH=${SQLITE_PATH:-$ROOT/var/listinglift.db} WEB_DIR="$ROOT/frontend/dist"
start_bg "$RUN_DIR/server.log" "$BIN/server"
wait_http "http://127.0.0.1:$PORT/healthz" 30 "server" "$RUN_DIR/server.log"

cat <<MSG

  ListingLift is running:  http://localhost:$PORT
  Auth emulator:           http://127.0.0.1:$AUTH_PORT  (project $PROJECT_ID)
  Logs:                    $RUN_DIR/server.log, $RUN_DIR/auth-emulator.log
  Press Ctrl-C to stop.

MSG
# Follow the server log until Ctrl-C or until a process dies.
tail -n 0 -f "$RUN_DIR/server.log" &
PIDS+=($!)
while kill -0 "${PIDS[0]}" 2>/dev/null && kill -0 "${PIDS[1]}" 2>/dev/null; do sleep 1; done
echo "a process stopped unexpectedly; see the logs above" >&2
exit 1
