#!/usr/bin/env bash
# The "Watch" section of make bench (issue 45), runnable alone:
#  - the hourly scheduler run (orders.Service.QueueDueWatches) over 10,000
#    due watches, against a store answering each page of 500 due watches
#    after 40 ms (a projected Firestore query) and a queue whose every
#    CreateTask takes 25 ms (Cloud Tasks); then the run doubled and two runs
#    overlapping. Its wall time is checked here against the run's budget
#    (orders.DefaultWatchRunBudget), which must sit inside Cloud Scheduler's
#    600 s attempt deadline.
#  - the cost of one watched week (a week with a change, which e-mails the
#    host, and one without): store documents read and written, counted at
#    the store's interface over SQLite; queue calls; requests to the
#    listing's site and its photo CDN, counted by a local copy of the site
#    the check reads through the real pipeline; copy-model calls; e-mails.
# Both are Go tests in backend/orders/watch_bench_test.go that run only
# with WATCH_BENCH=1. Needs no emulator.
source "$(dirname "$0")/lib.sh"
out=$(mktemp "${TMPDIR:-/tmp}/listinglift-watch.XXXXXX")
trap 'rm -f "$out"' EXIT
(cd "$ROOT" && WATCH_BENCH=1 go test ./backend/orders -run '^(TestWatchFanOutBench|TestWatchWeekCostBench)$' -count=1 -v) >"$out" 2>&1 ||
  { cat "$out"; exit 1; }
grep '^watch-fanout:' "$out" | sed 's/^watch-fanout: /  /'
check=$(grep '^watch-fanout-check:' "$out") || die "the fan-out printed no timing (watch-fanout-check)"
wall=$(sed -n 's/.*wall_s=\([0-9.]*\).*/\1/p' <<<"$check")
budget=$(sed -n 's/.*budget_s=\([0-9.]*\).*/\1/p' <<<"$check")
deadline=$(sed -n 's/.*deadline_s=\([0-9.]*\).*/\1/p' <<<"$check")
status=0
if awk -v w="$wall" -v b="$budget" -v d="$deadline" 'BEGIN { exit !(w <= b && b < d) }'; then
  printf '  within the deadline: %.1f s of the run'\''s %.0f s budget, inside Cloud Scheduler'\''s %.0f s attempt deadline\n' "$wall" "$budget" "$deadline"
else
  printf '  OVER THE DEADLINE: %.1f s against the run'\''s %.0f s budget (Cloud Scheduler'\''s attempt deadline: %.0f s)\n' "$wall" "$budget" "$deadline"
  status=1
fi
echo
grep '^watch-week-cost:' "$out" | sed 's/^watch-week-cost: /  /'
exit "$status"
