#!/usr/bin/env bash
# dev-banner.sh: the lines `make dev` prints once the app is up, from the
# environment dev.sh exported. A secret (STRIPE_SECRET_KEY, GEMINI_API_KEY)
# is named as set or not, never printed: the banner ends up in terminal
# scroll-back, screen shares and pasted bug reports.
# Tested by backend/cmd/listinglift/devbanner_test.go.
set -euo pipefail

# stripe_mode: which Stripe account kind the key is for, read from its
# documented prefix (sk_test_/rk_test_, sk_live_/rk_live_), so a live key
# in development stands out without the key being shown.
stripe_mode() {
  case $1 in
    sk_test_* | rk_test_*) echo "test mode" ;;
    sk_live_* | rk_live_*) echo "LIVE mode: real cards are charged" ;;
    *) echo "mode not recognised from the key" ;;
  esac
}

if [[ -n ${STRIPE_SECRET_KEY:-} ]]; then
  payments="Stripe, $(stripe_mode "$STRIPE_SECRET_KEY") (STRIPE_SECRET_KEY set)"
else
  payments="off: orders are fulfilled at once, without charge"
fi
if [[ -n ${GEMINI_API_KEY:-} ]]; then
  writer="Gemini (${GEMINI_MODEL:-gemini-2.5-flash}; API key set), checked against the listing"
else
  writer="ListingLift's template writer (no AI model: GEMINI_API_KEY unset)"
fi

cat <<MSG

  ListingLift is running:  http://localhost:${PORT}
  Auth emulator:           http://127.0.0.1:${AUTH_PORT}  (project ${PROJECT_ID})
  Payments:                ${payments}
  Titles and description:  ${writer}
  Report e-mails:          ${OUTBOX_DIR} (.eml files; nothing is sent)
  Logs:                    ${RUN_DIR}/server.log, ${RUN_DIR}/auth-emulator.log
  A saved page's report:   go run ./backend/cmd/listinglift analyze PAGE.html --plan premium --show
  Press Ctrl-C to stop.

MSG
