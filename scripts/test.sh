#!/usr/bin/env bash
# make test: every test. Go vet and tests (store contract suite on SQLite and
# on Google's Firestore emulator — the npm stand-in only where that is not
# installed —, the orders service and HTTP API tests on both stores, the
# Firestore rules, Stripe calls against stripe-mock, the Cloud Tasks
# adapter against cloud-tasks-emulator, the Cloud Storage adapter against
# fake-gcs-server), front-end typecheck, lint, unit
# tests, build and bundle budget, then Playwright in Debian's Chromium against
# the real server.
# Every step runs even when an earlier one fails; the exit status is non-zero
# if any failed.
source "$(dirname "$0")/lib.sh"
"$ROOT/scripts/setup.sh" --browser

RUN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/listinglift-test.XXXXXX")
trap 'cleanup; rm -rf "$RUN_DIR"' EXIT
trap 'exit 130' INT TERM
RESULTS=()
STEPS=0
FAILED=0

# step NAME CMD...: run one step, time it, record the outcome. A step may
# write what failed, a line each, to $STEP_NOTES (the Go tests' and the
# browser tests' names): the summary shows them under the failed step, so the
# tail of a long run names what to look at.
STEP_NOTES="$RUN_DIR/step-notes"
step() {
  local name=$1; shift
  say "$name"
  local start=$SECONDS
  rm -f "$STEP_NOTES"
  STEPS=$((STEPS + 1))
  if "$@"; then
    RESULTS+=("ok    $(printf '%4ss' $((SECONDS - start)))  $name")
  else
    RESULTS+=("FAIL  $(printf '%4ss' $((SECONDS - start)))  $name")
    FAILED=$((FAILED + 1))
    if [[ -s $STEP_NOTES ]]; then
      local line
      while IFS= read -r line; do RESULTS+=("               $line"); done < <(head -n 20 "$STEP_NOTES")
      (($(wc -l <"$STEP_NOTES") <= 20)) || RESULTS+=("               … and $(($(wc -l <"$STEP_NOTES") - 20)) more above")
    fi
  fi
}

gofmt_check() {
  local bad
  bad=$(cd "$ROOT" && gofmt -l backend)
  [[ -z $bad ]] || { echo "gofmt needed on:"; echo "$bad"; return 1; }
}

# tidy_check: go.mod and go.sum say exactly what the code imports (issue 17).
tidy_check() {
  (cd "$ROOT" && go mod tidy -diff) || { echo "run go mod tidy and commit go.mod/go.sum"; return 1; }
}

emulators() {
  # Emulators already running are used as they are: the hosted CI workflow
  # runs make test under `firebase emulators:exec --only auth,firestore`,
  # which exports FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST.
  # That Firestore is the official emulator (FIRESTORE_EMULATOR_STANDIN
  # unset), so the contract suite runs in full, with no stand-in skips.
  # Otherwise Google's emulator is started here (start_firestore), or the
  # npm stand-in where it is not installed; the output says which.
  local reuse=
  [[ -n ${FIRESTORE_EMULATOR_HOST:-} && -z ${FIRESTORE_EMULATOR_STANDIN:-} ]] && reuse=1
  if [[ -n $reuse && -n ${FIREBASE_AUTH_EMULATOR_HOST:-} ]]; then
    AUTH_PORT=${FIREBASE_AUTH_EMULATOR_HOST##*:}
  else
    AUTH_PORT=$(free_port)
    start_auth_emulator "$AUTH_PORT" "$RUN_DIR/auth" || return 1
  fi
  if [[ -n $reuse ]]; then
    FS_HOST=$FIRESTORE_EMULATOR_HOST FS_STANDIN='' FS_KIND="Google's Cloud Firestore emulator (official, already running)"
  else
    start_firestore "$RUN_DIR/firestore.log" || return 1
  fi
  # Each exports its address (STRIPE_MOCK_URL; CLOUD_TASKS_EMULATOR_HOST,
  # CLOUD_TASKS_QUEUE, CLOUD_TASKS_EMULATOR_OIDC_ISSUER; STORAGE_EMULATOR_HOST)
  # for the Go tests.
  start_stripe_mock "$RUN_DIR/stripe-mock.log" || return 1
  start_cloud_tasks_emulator "$RUN_DIR/cloud-tasks.log" || return 1
  start_fake_gcs "$RUN_DIR/fake-gcs.log" || return 1
  echo "Auth emulator       127.0.0.1:$AUTH_PORT"
  echo "Firestore           $FS_HOST: $FS_KIND"
  echo "stripe-mock         $STRIPE_MOCK_URL"
  echo "Cloud Tasks         $CLOUD_TASKS_EMULATOR_HOST ($CLOUD_TASKS_QUEUE)"
  echo "fake-gcs-server     $STORAGE_EMULATOR_HOST"
}

go_tests() {
  # FIRESTORE_EMULATOR_STANDIN tells the contract suite which backend it is
  # on, so the stand-in's known gaps are skipped with their reasons printed
  # (on Google's emulator nothing is skipped). A Go test whose emulator is
  # not running skips with the reason printed. The Firestore emulator is
  # emptied first (its REST reset), not restarted.
  reset_firestore "$FS_HOST" || return 1
  echo "Firestore for these tests: $FS_KIND"
  (cd "$ROOT" && FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$AUTH_PORT" \
    FIRESTORE_EMULATOR_HOST="$FS_HOST" FIRESTORE_EMULATOR_STANDIN="$FS_STANDIN" \
    STRIPE_MOCK_URL="${STRIPE_MOCK_URL:-}" CLOUD_TASKS_EMULATOR_HOST="${CLOUD_TASKS_EMULATOR_HOST:-}" \
    CLOUD_TASKS_QUEUE="${CLOUD_TASKS_QUEUE:-}" CLOUD_TASKS_EMULATOR_OIDC_ISSUER="${CLOUD_TASKS_EMULATOR_OIDC_ISSUER:-}" \
    STORAGE_EMULATOR_HOST="${STORAGE_EMULATOR_HOST:-}" \
    GOOGLE_CLOUD_PROJECT="$PROJECT_ID" \
    "$BIN/gotestsum" --format pkgname --format-hide-empty-pkg --jsonfile "$RUN_DIR/go-tests.json" \
    -- -race -count=1 -timeout 10m ./...) && return 0
  # The failed tests (or packages, when one did not build or timed out), for the summary.
  python3 - "$RUN_DIR/go-tests.json" >"$STEP_NOTES" <<'PY' || true
import json, sys
seen = []
for line in open(sys.argv[1]):
    try:
        event = json.loads(line)
    except ValueError:
        continue
    if event.get("Action") != "fail":
        continue
    name = event.get("Package", "") + (" " + event["Test"] if event.get("Test") else "")
    if name not in seen:
        seen.append(name)
# A package's own failure is worth a line only when none of its tests failed.
for name in seen:
    if " " in name or not any(other.startswith(name + " ") for other in seen):
        print(name)
PY
  return 1
}

# real_snapshots: the tests that import whole real Inside Airbnb snapshots
# (markettest.RealSnapshotTests; the race-detector step skips them, saying
# so), without the race detector: minutes of single-goroutine CSV work under
# it, seconds without. The run fails unless every one of them passed.
# copy_corpus: the copy checker's acceptance corpus (issue 41), skipped
# under the race detector, run here without it; its closing figures are
# printed.
copy_corpus() {
  local out want
  want=$(grep -h '^func TestCorpus' "$ROOT"/backend/writing/*_test.go | wc -l)
  out=$(cd "$ROOT" && go test -count=1 -v -run '^TestCorpus' ./backend/writing 2>&1) || { echo "$out" | grep -Ev '^(=== RUN|    --- PASS)' | tail -80; return 1; }
  if [[ $(grep -c '^--- PASS: TestCorpus' <<<"$out") -ne $want ]]; then
    echo "$out" | grep -E '^(--- |ok|FAIL)'
    echo "expected $want copy corpus tests to pass"
    return 1
  fi
  grep -E 'invented claims|honest answers:|^(--- PASS|ok)' <<<"$out" | sed 's/^ *corpus_[a-z_]*test.go:[0-9]*: /  /'
}

real_snapshots() {
  local pattern out want
  pattern=$(sed -n 's/^const RealSnapshotTests = "\(.*\)"$/\1/p' "$ROOT/backend/market/markettest/realdata.go")
  [[ -n $pattern ]] || { echo "RealSnapshotTests not found in backend/market/markettest/realdata.go"; return 1; }
  out=$(cd "$ROOT" && go test -count=1 -v -run "$pattern" ./backend/market ./backend/report 2>&1) || { echo "$out" | tail -60; return 1; }
  want=$(tr '|' '\n' <<<"${pattern//[\^\$\(\)]/}" | wc -l)
  if [[ $(grep -c '^--- PASS: ' <<<"$out") -ne $want ]]; then
    echo "$out" | grep -E '^(--- |ok|FAIL)'
    echo "expected $want real-snapshot tests to pass"
    return 1
  fi
  grep -E '^(--- PASS|ok)' <<<"$out"
}

# real_pages: every real page and its variants read, reported on and
# checked, and the offer table (racetest.RealPageTests; the race-detector
# step skips them, saying so), without the race detector: minutes of
# single-goroutine work under it, seconds without. The run fails unless
# every one of them passed.
real_pages() {
  local pattern out want
  pattern=$(sed -n 's/^const RealPageTests = "\(.*\)"$/\1/p' "$ROOT/backend/racetest/racetest.go")
  [[ -n $pattern ]] || { echo "RealPageTests not found in backend/racetest/racetest.go"; return 1; }
  out=$(cd "$ROOT" && go test -count=1 -v -run "$pattern" ./backend/listing/realpages ./backend/report ./backend/watch 2>&1) || { echo "$out" | grep -Ev '^(=== RUN|    --- PASS)' | tail -80; return 1; }
  want=$(tr '|' '\n' <<<"${pattern//[\^\$\(\)]/}" | wc -l)
  if [[ $(grep -c '^--- PASS: ' <<<"$out") -ne $want ]]; then
    echo "$out" | grep -E '^(--- |ok|FAIL)'
    echo "expected $want real-page tests to pass"
    return 1
  fi
  grep -E '^(--- PASS|ok)' <<<"$out"
}

# fuzz_briefly: each fuzz target runs a fixed number of executions on top of
# its seed corpus (the long runs are done by hand: go test -fuzz X -fuzztime 10m).
# A count, not a duration: with a duration Go's coordinator races its own
# deadline and can fail a run with a bare "context deadline exceeded" although
# no input failed (go.dev/issue/75804, fixed in Go 1.27; CI saw it on go1.26.8).
# A count has no deadline to race, and on a busy machine it only runs slower.
# Minimizing each new interesting input is capped by count for the same reason.
fuzz_briefly() {
  local spec pkg target
  for spec in listing:FuzzParseURL listing/airbnb:FuzzAirbnb listing/vrbo:FuzzVrbo \
    listing/booking:FuzzBooking listing/meta:FuzzGeneric analysis:FuzzASCIIWords; do
    pkg=./backend/${spec%%:*} target=${spec##*:}
    echo "fuzz $target ($pkg, ${FUZZEXECS:-10000x})"
    # Quiet when it passes; the whole output (the crasher) when it fails.
    local out
    if ! out=$(cd "$ROOT" && go test -run '^$' -fuzz "^$target\$" -fuzztime "${FUZZEXECS:-10000x}" -fuzzminimizetime 200x -parallel 1 "$pkg" 2>&1); then
      echo "$out" | tail -n 60
      return 1
    fi
    echo "$out" | tail -n 3
  done
}

web() { (cd "$ROOT/frontend" && npm run --silent "$@"); }

# e2e: the browser tests on the local stack (scripts/e2e.sh: the fixture
# site, stripe-mock, cloud-tasks-emulator and three servers: payments off,
# payments on Stripe's mock, and the paid journey on the Firestore store and
# the Cloud Tasks queue, on the Firestore emulator started above, which the
# Go tests are done with: it is emptied first).
e2e() {
  AUTH_PORT=$AUTH_PORT RUN_DIR=$RUN_DIR PROJECT_ID=$PROJECT_ID E2E_FAILURES_FILE=$STEP_NOTES \
    FS_HOST=${FS_HOST:-} FS_STANDIN=${FS_STANDIN:-} FS_KIND=${FS_KIND:-} "$ROOT/scripts/e2e.sh"
}

step "Go: vet" bash -c "cd '$ROOT' && go vet ./..."
step "Go: gofmt" gofmt_check
step "Go: go mod tidy leaves no diff" tidy_check
step "Emulators: Firebase Auth, Firestore (Google's emulator, else the stand-in), stripe-mock, Cloud Tasks, fake-gcs-server" emulators
step "Go: tests (race detector)" go_tests
step "Go: real market snapshots (no race detector)" real_snapshots
step "Go: copy corpus (no race detector)" copy_corpus
step "Go: real pages and the offer table (no race detector)" real_pages
step "Go: fuzz targets (briefly)" fuzz_briefly
step "Web: typecheck" web typecheck
step "Web: lint" web lint
step "Web: unit tests" web test
step "Web: build and bundle budget" bash -c "cd '$ROOT/frontend' && npm run --silent build >/dev/null && npm run --silent size"
step "Server: build (release and e2e builds)" bash -c "source '$ROOT/scripts/lib.sh' && build_server && build_e2e_server && cd '$ROOT' && go vet -tags e2e ./backend/... && go test -count=1 -tags e2e ./backend/cmd/server"
step "Browser: Playwright end-to-end (Chromium)" e2e

say "Summary"
printf '  %s\n' "${RESULTS[@]}"
echo "steps: $((STEPS - FAILED)) passed, $FAILED failed"
exit $(( FAILED > 0 ))
