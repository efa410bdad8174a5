#!/usr/bin/env bash
# make bench: Go benchmarks with allocation figures, the front end's bundle
# size and Lighthouse on three pages. Targets are checked here, never by timed
# unit tests.
source "$(dirname "$0")/lib.sh"
# --browser: Lighthouse runs in Debian's Chromium.
"$ROOT/scripts/setup.sh" --browser
say "Go benchmarks"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
(cd "$ROOT" && go test -run '^$' -bench . -benchmem -count=1 ./...) >"$out" 2>&1 || { cat "$out"; exit 1; }
grep -Ev '^(PASS$|ok |\? )' "$out"
say "Reading the largest real page of each platform (../shared/real-pages; target: a 2 MB Booking.com page in ≤ 20 ms)"
awk '/^pkg:/ { n = split($2, p, "/"); pkg = p[n] }
     /^BenchmarkParseReal/ {
       for (i = 3; i < NF; i++) { if ($(i+1) == "ns/op") ns = $i; if ($(i+1) == "B/op") by = $i; if ($(i+1) == "allocs/op") al = $i }
       printf "  %-8s %-40s %7.2f ms  %9d B  %7d allocs\n", pkg, $1, ns / 1e6, by, al; if (pkg == "booking" && ns > 20e6) slow = 1 }
     END { if (slow) print "  the Booking.com page took over the 20 ms target" }' "$out"
say "Copy (issue 41): the fact checker per report part (target ≤ 5 ms) and the built-in writer per listing (target ≤ 30 ms), on the largest real page"
awk '/^BenchmarkCheckerBuild/ { printf "  the checker built from the listing (once per report): %.2f ms\n", $3 / 1e6 }
     /^BenchmarkCheckPart/ { printf "  one part checked (the description): %.2f ms%s\n", $3 / 1e6, ($3 > 5e6 ? "  — over the 5 ms target" : "") }
     /^BenchmarkCheckTitle/ { printf "  one title checked: %.3f ms\n", $3 / 1e6 }
     /^BenchmarkBuiltinLargestRealPage/ { printf "  the built-in writer: %.2f ms%s\n", $3 / 1e6, ($3 > 30e6 ? "  — over the 30 ms target" : "") }' "$out"
say "The report engine on a parsed listing (issue 46: target ≤ 10 ms) and the Premium PDF (target ≤ 25 ms)"
awk '/^BenchmarkGenerate\// { printf "  engine %-40s %6.2f ms%s\n", $1, $3 / 1e6, ($3 > 10e6 ? "  — over the 10 ms target" : "") }
     /^BenchmarkRenderPremium/ { printf "  Premium PDF %-35s %6.2f ms%s\n", $1, $3 / 1e6, ($3 > 25e6 ? "  — over the 25 ms target" : "") }' "$out"
echo "  (where the time goes: go test ./backend/report -run '^$' -bench 'BenchmarkGenerate$' -cpuprofile /tmp/gen.pprof && go tool pprof -top -cum /tmp/gen.pprof)"
say "Live market step (the fake Airbnb site answering each call after 150 ms; budget 20 s)"
awk '/^BenchmarkMarketStep/ { printf "  %.2f s for %s calls\n", $3 / 1e9, $5 }' "$out"
say "Landing page bundle (gzipped)"
(cd "$ROOT/frontend" && npm run --silent build >/dev/null && npm run --silent size)
say "Load run (issue 17): ${LOAD_JOURNEYS:-200} concurrent host journeys, a dashboard hammer, kill -9 mid-report"
# On loopback only: the e2e-build server (listing pages from the fixture
# site, whose search and calendar answers take FIXTURE_LATENCY each so that
# reports are still being made when the server is killed), the Auth
# emulator and stripe-mock. The server's CPU profiles are kept in
# $LOAD_DIR (go tool pprof -top .bin/server-e2e $LOAD_DIR/cpu.pprof.hammer).
build_e2e_server
(cd "$ROOT" && go build -o "$BIN/loadtest" ./backend/cmd/loadtest)
LOAD_DIR=$(mktemp -d "${TMPDIR:-/tmp}/listinglift-load.XXXXXX")
trap 'cleanup; rm -f "$out"' EXIT
LOAD_AUTH_PORT=$(free_port)
start_auth_emulator "$LOAD_AUTH_PORT" "$LOAD_DIR/auth"
FIXTURE_LATENCY=${FIXTURE_LATENCY:-100ms} start_fixture_site "$LOAD_DIR/fixturesite.log"
start_stripe_mock "$LOAD_DIR/stripe-mock.log"
load_status=0
"$BIN/loadtest" -server "$BIN/server-e2e" -auth "127.0.0.1:$LOAD_AUTH_PORT" -project "$PROJECT_ID" \
  -fixture-site "$FIXTURE_SITE" -stripe-mock "$STRIPE_MOCK_URL" -web "$ROOT/frontend/dist" \
  -journeys "${LOAD_JOURNEYS:-200}" -work "$LOAD_DIR/work" -cpuprofile "$LOAD_DIR/cpu.pprof" || load_status=$?
for phase in journeys hammer; do
  if [[ -f $LOAD_DIR/cpu.pprof.$phase ]]; then
    echo; echo "where the server's CPU went ($phase; the top 15 by cumulative time):"
    (cd "$ROOT" && go tool pprof -top -cum -nodecount=15 "$BIN/server-e2e" "$LOAD_DIR/cpu.pprof.$phase" 2>/dev/null | sed -n '/flat%/,$p')
  fi
done
cleanup
echo "(profiles and the server's log: $LOAD_DIR)"
((load_status == 0)) || { echo "the load run failed (exit $load_status)"; exit "$load_status"; }

# Memory of one instance against the deploy's --memory (issue 44); its own
# script, so it also runs alone.
"$ROOT/scripts/bench-memory.sh"

say "Lighthouse (mobile preset) on the landing page, /login and a report"
build_server
"$ROOT/scripts/lighthouse.sh"

say "Reads per page (issue 44): store reads of the results poll, the dashboard and the server-drawn report page"
"$ROOT/scripts/bench-reads.sh"

say "Watch (issue 45): 10,000 due watches fanned out, and the cost of one watched week"
"$ROOT/scripts/bench-watch.sh"
