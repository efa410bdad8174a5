#!/usr/bin/env bash
# The one-instance memory run (issue 44), make bench's "Memory" section; it
# also runs alone: scripts/bench-memory.sh. One e2e-build server with the
# deploy's settings (cloudbuild.yaml's _MEMORY, _CONCURRENCY, _JOB_WORKERS)
# under that many concurrent listing reads of the largest real pages plus
# its maximum report jobs with 16-megapixel photos; prints its peak memory
# against the deploy's --memory, with the margin (backend/cmd/membench).
# MEMBENCH_HOLD (60s) is how long the load is held; MEMBENCH_BIN where the
# binaries are built (default .bin); MEMBENCH_WEB the built web app
# (default frontend/dist, which make bench builds first).
source "$(dirname "$0")/lib.sh"
sub() { # sub NAME: a substitution's default in cloudbuild.yaml
  sed -n "s/^  $1: *\"\{0,1\}\([^\"]*\)\"\{0,1\} *\$/\1/p" "$ROOT/cloudbuild.yaml" | head -1
}
memory=$(sub _MEMORY) concurrency=$(sub _CONCURRENCY) workers=$(sub _JOB_WORKERS)
[[ -n $memory && -n $concurrency && -n $workers ]] || die "cloudbuild.yaml lacks _MEMORY, _CONCURRENCY or _JOB_WORKERS"
pages="$ROOT/../shared/real-pages"
[[ -d $pages ]] || pages="$ROOT/shared/real-pages"
say "Memory of one instance (issue 44): $concurrency concurrent requests + $workers report jobs, against the deploy's --memory=$memory"
if [[ ! -d $pages ]]; then
  echo "  NOT RUN: no ../shared/real-pages beside the checkout (the largest real pages are the load)"
  exit 0
fi
mbin=${MEMBENCH_BIN:-$BIN}
mkdir -p "$mbin"
(cd "$ROOT" && go build -tags e2e -o "$mbin/server-e2e-mem" ./backend/cmd/server &&
  go build -o "$mbin/membench" ./backend/cmd/membench && go build -o "$BIN/fixturesite" ./backend/cmd/fixturesite)
if [[ ! -x $BIN/stripe-mock ]]; then # the pinned stripe-mock (tools/gotools), as setup.sh builds it
  mkdir -p "$BIN" && (cd "$ROOT/tools/gotools" && GOBIN="$BIN" go install github.com/stripe/stripe-mock)
fi
MEM_DIR=$(mktemp -d "${TMPDIR:-/tmp}/listinglift-mem.XXXXXX")
trap 'cleanup' EXIT
MEM_AUTH_PORT=$(free_port)
start_auth_emulator "$MEM_AUTH_PORT" "$MEM_DIR/auth"
start_stripe_mock "$MEM_DIR/stripe-mock.log"
start_fixture_site "$MEM_DIR/fixturesite.log"
(cd "$ROOT" && "$mbin/membench" -server "$mbin/server-e2e-mem" -auth "127.0.0.1:$MEM_AUTH_PORT" -project "$PROJECT_ID" \
  -stripe-mock "$STRIPE_MOCK_URL" -fixture-site "$FIXTURE_SITE" -pages "$pages" -web "${MEMBENCH_WEB:-$ROOT/frontend/dist}" -work "$MEM_DIR/work" \
  -memory "$memory" -requests "$concurrency" -jobs "$workers" -hold "${MEMBENCH_HOLD:-60s}")
echo "  (the server's log: $MEM_DIR/work/server.log)"
