# Shared helpers for the dev, test and bench scripts. Source it; it sets ROOT
# and keeps a list of background processes that `cleanup` stops.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export ROOT
BIN="$ROOT/.bin"
PROJECT_ID=${FIREBASE_PROJECT_ID:-demo-listinglift}
# firebase-tools: no update checks or prompts; everything stays on this machine.
export NO_UPDATE_NOTIFIER=1 FIREBASE_CLI_DISABLE_UPDATE_CHECK=1 CI=${CI:-}
PIDS=()

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# free_port prints a TCP port nobody listens on right now.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# wait_http URL SECONDS NAME LOG [CURL ARGS...]: wait until URL answers 2xx,
# or fail showing LOG.
wait_http() {
  local url=$1 secs=$2 name=$3 log=${4:-}
  shift $(($# < 4 ? $# : 4))
  for ((i = 0; i < secs * 4; i++)); do
    if curl -fsS -o /dev/null "$@" "$url" 2>/dev/null; then return 0; fi
    sleep 0.25
  done
  echo "$name did not answer at $url within ${secs}s" >&2
  [[ -n $log && -f $log ]] && tail -n 40 "$log" >&2
  return 1
}

# wait_tcp HOST PORT SECONDS NAME LOG: wait until HOST:PORT accepts a TCP
# connection (a gRPC server), or fail showing LOG; fails at once if the last
# process start_bg started has exited.
wait_tcp() {
  local host=$1 port=$2 secs=$3 name=$4 log=${5:-} pid=${PIDS[-1]:-}
  for ((i = 0; i < secs * 4; i++)); do
    if (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then return 0; fi
    if [[ -n $pid ]] && ! kill -0 "$pid" 2>/dev/null; then
      echo "$name exited before listening on $host:$port" >&2
      [[ -n $log && -f $log ]] && tail -n 40 "$log" >&2
      return 1
    fi
    sleep 0.25
  done
  echo "$name did not listen on $host:$port within ${secs}s" >&2
  [[ -n $log && -f $log ]] && tail -n 40 "$log" >&2
  return 1
}

# free_ports N: N distinct free ports, space-separated.
free_ports() {
  python3 -c 'import socket,sys
ss=[socket.socket() for _ in range(int(sys.argv[1]))]
for s in ss: s.bind(("127.0.0.1",0))
print(" ".join(str(s.getsockname()[1]) for s in ss))
for s in ss: s.close()' "$1"
}

# start_bg LOG CMD...: run CMD in its own process group, remember it.
start_bg() {
  local log=$1; shift
  setsid "$@" >"$log" 2>&1 &
  PIDS+=($!)
}

cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do
    for ((i = 0; i < 40; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  done
  PIDS=()
}

# start_auth_emulator PORT WORKDIR: the Firebase Auth emulator (firebase-tools)
# on 127.0.0.1:PORT. Hub and logging ports are picked too, so a test run and
# `make dev` can run side by side.
start_auth_emulator() {
  local port=$1 dir=$2
  mkdir -p "$dir"
  cat >"$dir/firebase.json" <<JSON
{
  "emulators": {
    "auth": { "host": "127.0.0.1", "port": $port },
    "hub": { "host": "127.0.0.1", "port": $(free_port) },
    "logging": { "host": "127.0.0.1", "port": $(free_port) },
    "ui": { "enabled": false },
    "singleProjectMode": true
  }
}
JSON
  # It writes firebase-debug.log into its working directory: keep that in $dir.
  start_bg "$dir/auth-emulator.log" env -C "$dir" "$ROOT/tools/emulators/node_modules/.bin/firebase" \
    emulators:start --only auth --project "$PROJECT_ID" --config "$dir/firebase.json"
  wait_http "http://127.0.0.1:$port/" 90 "Auth emulator" "$dir/auth-emulator.log"
}

# firestore_emulator_jar: where Google's Cloud Firestore emulator is (the
# google-cloud-cli-firestore-emulator package, or `gcloud components install
# cloud-firestore-emulator`); fails when gcloud, the emulator or Java is
# missing. Found beside gcloud itself: `gcloud info` takes seconds.
firestore_emulator_jar() {
  local gcloud jar
  gcloud=$(command -v gcloud) && command -v java >/dev/null || return 1
  jar="$(dirname "$(readlink -f "$gcloud")")/../platform/cloud-firestore-emulator/cloud-firestore-emulator.jar"
  [[ -f $jar ]] && readlink -f "$jar"
}

# firestore_install_hint: how to install the official emulator, for the
# messages that say it is missing.
firestore_install_hint() {
  echo "install Google's Firestore emulator (Java 17+): sudo apt-get install google-cloud-cli-firestore-emulator openjdk-17-jre-headless" \
    "(Google's Cloud SDK apt repository), or: gcloud components install cloud-firestore-emulator"
}

# start_firestore_emulator PORT LOG: Google's Cloud Firestore emulator on
# 127.0.0.1:PORT, waited for until it answers. Its transactions lock as
# Firestore's do (pessimistically), so the store's concurrency cases run on it.
start_firestore_emulator() {
  local port=$1 log=$2
  start_bg "$log" env CLOUDSDK_CORE_DISABLE_PROMPTS=1 CLOUDSDK_CORE_DISABLE_USAGE_REPORTING=true \
    gcloud emulators firestore start --host-port="127.0.0.1:$port"
  wait_http "http://127.0.0.1:$port/" 120 "Firestore emulator" "$log"
}

# start_firestore LOG: Google's emulator when it is installed, else the npm
# stand-in (with the reason), on a free port. FIRESTORE_EMULATOR=standin
# picks the stand-in anyway (to check its skip list still holds). Sets FS_HOST (host:port),
# FS_STANDIN (1 on the stand-in, else empty) and FS_KIND (what ran, for the
# run's output).
# shellcheck disable=SC2034 # FS_* are for the caller
start_firestore() {
  local log=$1 port
  port=$(free_port)
  FS_HOST=127.0.0.1:$port
  if [[ ${FIRESTORE_EMULATOR:-} != standin ]] && firestore_emulator_jar >/dev/null; then
    FS_STANDIN='' FS_KIND="Google's Cloud Firestore emulator (official)"
    start_firestore_emulator "$port" "$log"
  else
    FS_STANDIN=1 FS_KIND="npm stand-in @firestore-emulator/server (fallback: Google's emulator is not installed; its known gaps are skipped)"
    [[ ${FIRESTORE_EMULATOR:-} == standin ]] && FS_KIND="npm stand-in @firestore-emulator/server (FIRESTORE_EMULATOR=standin; its known gaps are skipped)" ||
      echo "Google's Firestore emulator is not installed, so the npm stand-in runs instead: $(firestore_install_hint)"
    start_firestore_standin "$port" "$log"
  fi
}

# reset_firestore HOST: deletes every document in the emulator at HOST
# (project $PROJECT_ID) through its REST reset endpoint, so a suite starts on
# an empty database without restarting it. The stand-in has no such
# endpoint: its data is left (every suite uses ids of its own).
reset_firestore() {
  local host=$1
  [[ -n ${FS_STANDIN:-} ]] && return 0
  curl -fsS -o /dev/null -X DELETE "http://$host/emulator/v1/projects/$PROJECT_ID/databases/(default)/documents" ||
    { echo "resetting the Firestore emulator at $host failed" >&2; return 1; }
}

# start_firestore_standin PORT LOG: the npm Firestore emulator stand-in, the
# fallback where Google's emulator is not installed.
start_firestore_standin() {
  local port=$1 log=$2
  start_bg "$log" node "$ROOT/tools/emulators/firestore-standin.mjs" "$port"
  for ((i = 0; i < 120; i++)); do
    grep -q "listening" "$log" 2>/dev/null && return 0
    sleep 0.25
  done
  echo "Firestore stand-in did not start" >&2; cat "$log" >&2; return 1
}

# start_stripe_mock LOG: stripe-mock (the pinned build from tools/gotools in
# .bin) on 127.0.0.1, HTTP and HTTPS each on a free port. Both addresses are
# given because it otherwise also opens its default port (12111/12112) on
# every interface. Exports STRIPE_MOCK_URL (HTTP; point stripe-go's API
# backend there).
start_stripe_mock() {
  local log=$1 http https
  read -r http https < <(free_ports 2)
  start_bg "$log" "$BIN/stripe-mock" -http-addr "127.0.0.1:$http" -https-addr "127.0.0.1:$https"
  # Without an API key it answers 401; any test key gets a 200.
  wait_http "http://127.0.0.1:$http/v1/customers" 30 "stripe-mock" "$log" -u sk_test_readiness: || return 1
  export STRIPE_MOCK_URL="http://127.0.0.1:$http"
}

# start_cloud_tasks_emulator LOG: cloud-tasks-emulator (pinned build from
# tools/gotools in .bin), gRPC on 127.0.0.1, with the reports queue created at
# start. Exports CLOUD_TASKS_EMULATOR_HOST (host:port), CLOUD_TASKS_QUEUE (the
# queue's name) and CLOUD_TASKS_EMULATOR_OIDC_ISSUER: the emulator signs task
# OIDC tokens with a key hard-coded in its source and serves that public key
# at $CLOUD_TASKS_EMULATOR_OIDC_ISSUER/jwks. That listener binds 0.0.0.0 (the
# emulator has no option for it); it serves only the discovery document and
# the public key.
start_cloud_tasks_emulator() {
  local log=$1 port oidc_port
  read -r port oidc_port < <(free_ports 2)
  export CLOUD_TASKS_QUEUE="projects/$PROJECT_ID/locations/us-central1/queues/reports"
  start_bg "$log" "$BIN/cloud-tasks-emulator" -host 127.0.0.1 -port "$port" \
    -queue "$CLOUD_TASKS_QUEUE" -openid-issuer "http://127.0.0.1:$oidc_port"
  # The queue is created between listen and serve, so once the port accepts
  # connections every call sees it.
  wait_tcp 127.0.0.1 "$port" 30 "Cloud Tasks emulator" "$log" || return 1
  wait_http "http://127.0.0.1:$oidc_port/jwks" 10 "Cloud Tasks emulator OIDC keys" "$log" || return 1
  export CLOUD_TASKS_EMULATOR_HOST="127.0.0.1:$port"
  export CLOUD_TASKS_EMULATOR_OIDC_ISSUER="http://127.0.0.1:$oidc_port"
}

# start_fake_gcs LOG: fake-gcs-server (pinned build from tools/fakegcs in
# .bin), the Cloud Storage JSON and XML APIs over plain HTTP on 127.0.0.1,
# objects kept in memory. -public-host must equal the address clients use:
# the Go client reads objects through the XML API (GET /BUCKET/OBJECT), which
# the emulator only routes as such for requests to its public host (otherwise
# it takes the Host header for a bucket name and answers 404). Exports
# STORAGE_EMULATOR_HOST (host:port), which cloud.google.com/go/storage
# follows: no credentials, that address for every call.
start_fake_gcs() {
  local log=$1 port
  port=$(free_port)
  start_bg "$log" "$BIN/fake-gcs-server" -scheme http -backend memory -host 127.0.0.1 -port "$port" \
    -public-host "127.0.0.1:$port" -log-level warn
  wait_http "http://127.0.0.1:$port/_internal/healthcheck" 30 "fake-gcs-server" "$log" || return 1
  export STORAGE_EMULATOR_HOST="127.0.0.1:$port"
}

# build_server: the server binary the tests and `make dev` run, and devseed.
build_server() {
  mkdir -p "$BIN"
  (cd "$ROOT" && go build -ldflags "-X main.buildVersion=$(build_version)" -o "$BIN/server" ./backend/cmd/server &&
    go build -o "$BIN/devseed" ./backend/cmd/devseed &&
    go build -o "$BIN/listinglift" ./backend/cmd/listinglift)
}

# build_version: what the server reports as its version (/api/health, logs).
build_version() {
  git -C "$ROOT" describe --always --dirty 2>/dev/null || echo dev
}

# build_e2e_server: the server built with the e2e tag (listing fetches go to
# the local fixture site; refuses production) and the fixture site itself.
build_e2e_server() {
  mkdir -p "$BIN"
  (cd "$ROOT" && go build -tags e2e -ldflags "-X main.buildVersion=$(build_version)" -o "$BIN/server-e2e" ./backend/cmd/server &&
    go build -o "$BIN/fixturesite" ./backend/cmd/fixturesite)
}

# start_fixture_site LOG: serves the listing fixtures; sets FIXTURE_SITE.
# FIXTURE_LATENCY (e.g. 150ms) delays its search and calendar answers.
start_fixture_site() {
  local log=$1 port
  port=$(free_port)
  start_bg "$log" "$BIN/fixturesite" -addr "127.0.0.1:$port" -root "$ROOT/backend/listing" ${FIXTURE_LATENCY:+-latency "$FIXTURE_LATENCY"}
  wait_http "http://127.0.0.1:$port/rooms/48123456" 15 "fixture site" "$log"
  FIXTURE_SITE="127.0.0.1:$port"
}

# build_web: the production build of the React app.
build_web() {
  (cd "$ROOT/frontend" && npm run --silent build)
}
