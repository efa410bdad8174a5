import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error(
    'E2E_BASE_URL is not set. Run scripts/e2e.sh, which starts the whole local stack; or start the server ' +
      '(the Go server serving frontend/dist, or `npx vite preview --port 4173`) and run e.g. ' +
      '`E2E_BASE_URL=http://127.0.0.1:4173 npm run e2e -- --project=chromium`.',
  );
}
/** The server with checkout against stripe-mock (scripts/e2e.sh starts it); its specs skip without it. */
const stripeBaseURL = process.env.E2E_STRIPE_BASE_URL;

/** Specs of the paid flow through Stripe Checkout: they need the server with payments on. */
const STRIPE_SPECS = /\.stripe\.spec\.ts$/;
/**
 * The server on the Firestore adapter (Google's Firestore emulator) with the Cloud Tasks queue
 * (cloud-tasks-emulator) and payments on (scripts/e2e.sh starts it); its specs skip without it.
 */
const firestoreBaseURL = process.env.E2E_FIRESTORE_BASE_URL;
/** Specs of the journey on the Firestore store: they need that server. */
const FIRESTORE_SPECS = /\.firestore\.spec\.ts$/;

/**
 * The Watch journey's server (issue 45): payments on against stripe-mock, SQLite, with a clock of
 * its own that the journey moves weeks forward (scripts/e2e.sh starts it); its spec skips without it.
 */
const watchBaseURL = process.env.E2E_WATCH_BASE_URL;
const WATCH_SPECS = /\.watch\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // The list as it runs; with E2E_FAILURES_FILE set (make test), the failed tests a line each, for its summary.
  reporter: process.env.E2E_FAILURES_FILE ? [['list'], ['./e2e/support/failures-reporter.ts']] : 'list',
  timeout: 30_000,
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      // Debian's Chromium: Playwright must never download a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Payments off (the server has no STRIPE_* settings), SQLite: everything but the checkout and Firestore specs.
    { name: 'chromium', testIgnore: [STRIPE_SPECS, FIRESTORE_SPECS, WATCH_SPECS] },
    // Payments on, against stripe-mock, SQLite; the specs stand in for Stripe's hosted page.
    { name: 'stripe', testMatch: STRIPE_SPECS, use: { baseURL: stripeBaseURL } },
    // Payments on, the Firestore store and the Cloud Tasks queue: the whole paid journey on them.
    { name: 'firestore', testMatch: FIRESTORE_SPECS, use: { baseURL: firestoreBaseURL } },
    // Payments on, SQLite, a clock the spec moves: a Premium report's weeks of Watch in seconds.
    { name: 'watch', testMatch: WATCH_SPECS, use: { baseURL: watchBaseURL } },
  ],
});
