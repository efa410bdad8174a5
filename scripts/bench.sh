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
say "Live market step (the fake Airbnb site answering each call after 150 ms; budget 20 s)"
awk '/^BenchmarkMarketStep/ { printf "  %.2f s for %s calls\n", $3 / 1e9, $5 }' "$out"
say "Landing page bundle (gzipped)"
(cd "$ROOT/frontend" && npm run --silent build >/dev/null && npm run --silent size)
say "Lighthouse (mobile preset) on the landing page, /login and a report"
build_server
"$ROOT/scripts/lighthouse.sh"
