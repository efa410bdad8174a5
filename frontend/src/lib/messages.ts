/**
 * User-facing messages whose wording the SPEC fixes (§5, §8). Keep them here, in one
 * place, so that the screens and the tests use the very same strings.
 */

/** SPEC §8: the generic error message. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** SPEC §5 Login: "Forgot password" with an empty e-mail field. */
export const RESET_EMAIL_REQUIRED_MESSAGE = 'Please enter your email address first';
/** SPEC §5 Login: the reset e-mail went out. */
export const RESET_EMAIL_SENT_MESSAGE = 'Password reset email sent! Check your inbox.';

/** SPEC §5 Signup. */
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 6 characters long';
export const PASSWORD_STRENGTH_HINT = 'Use 8+ characters with a mix of letters, numbers & symbols';

/** SPEC §8: sign-up with an e-mail that already has an account (auth/email-already-in-use). */
export const EMAIL_ALREADY_REGISTERED_MESSAGE = 'This email is already registered. Please use the login page instead.';

/** SPEC §2 /dashboard, signed out. */
export const ACCESS_DENIED_TITLE = 'Access Denied';
export const ACCESS_DENIED_MESSAGE = 'Please log in to view your dashboard';

/** SPEC §8: dashboard load failure. */
export const DASHBOARD_ERROR_TITLE = 'Error Loading Dashboard';
export const DASHBOARD_ERROR_FALLBACK = 'Failed to load customer data';

/**
 * SPEC §8: a listing scrape failed (the title and description are cleared). The server's
 * own message is shown when it sent one; otherwise "Failed to scrape the listing." when
 * the server answered with a failure, "Scraping failed." when there was no usable answer.
 * See features/optimize/api/scrape-listing.ts (scrapeErrorMessage).
 */
export const SCRAPE_FAILED_MESSAGE = 'Failed to scrape the listing.';
export const SCRAPING_FAILED_MESSAGE = 'Scraping failed.';

/** SPEC §8: /payment-success without a session_id. */
export const NO_SESSION_ID_MESSAGE = 'No session ID found.';
/** What follows it: the link lost the part naming the report, and where the host finds it instead. */
export const NO_SESSION_ID_HINT =
  'This link to a report is incomplete. Every report you ordered is listed on your Dashboard: open it from there, or start a new one from the home page.';
/** SPEC §2 /payment-success error state, and SPEC §8's fallback when the result call fails without a message. */
export const RESULTS_ERROR_TITLE = 'Error Loading Results';
export const RESULTS_FETCH_FAILED_MESSAGE = 'Failed to fetch payment results.';
/** SPEC §8: the result body does not parse; the parser's own message follows the prefix. */
export const INVALID_JSON_PREFIX = 'Invalid JSON response: ';

/** SPEC §2 /payment-success: the report has no pdf_download_url. */
export const PDF_FAILED_MESSAGE = 'PDF Generation Failed - Contact Support';
export const PDF_PREMIUM_ONLY_MESSAGE = 'PDF Available with Premium Package';
/** A Premium page the server drew, while its PDF link is asked for (the server never draws it in). */
export const PDF_LINK_COMING_MESSAGE = 'Your PDF link is on its way. If it does not appear, reload this page.';

/** A Premium report whose PDF storage refused: its repair is under way (pdf_pending). */
export const PDF_PREPARING_MESSAGE =
  'Your report above is complete; its PDF is still being made and appears here as soon as it is ready. Refresh this page in a few minutes.';

/** SPEC §4/§8: the optimize form was submitted signed out (the draft is kept, then /signup). */
export const SIGN_IN_TO_CONTINUE_MESSAGE = 'Please create an account or sign in to continue...';
/** SPEC §4 "Return from login or signup": the draft was restored and is about to be submitted. */
export const WELCOME_BACK_MESSAGE = 'Welcome back! Continuing with your listing optimization...';
/** The optimize button while the browser leaves for the payment provider's hosted checkout. */
export const REDIRECTING_TO_CHECKOUT_MESSAGE = 'Redirecting to secure checkout…';
/** The optimize button while the browser waits to go to /signup. */
export const REDIRECTING_TO_SIGNUP_MESSAGE = 'Taking you to sign up…';

/** SPEC §7/§8: POST /api/create-checkout-session answered with a non-OK status. */
export function paymentErrorMessage(status: number): string {
  return `Payment error: ${status}`;
}
/** SPEC §7/§8: POST /api/optimize answered with a non-OK status. */
export function optimizationErrorMessage(status: number): string {
  return `Optimization error: ${status}`;
}
/**
 * What follows SPEC's "… error: {status}": the server's own reason when it sent one (it says
 * what was wrong and what to do: "That doesn't look like a web address. Paste…"); otherwise,
 * so that no host sees a bare status, what happened and what to do, by status.
 */
export function statusDetail(status: number, serverMessage: string | null): string {
  if (serverMessage) return serverMessage;
  if (status === 429) return 'Too many requests from this connection. Wait a minute and try again.';
  if (status >= 500) {
    return 'Something went wrong on our side, not with your listing. Nothing more was charged: try again in a few minutes, or write to support if it keeps happening.';
  }
  if (status === 401 || status === 403) return 'Your sign-in has ended. Log in again, then send the form again. Nothing was charged.';
  if (status === 400 || status === 422) {
    return 'We could not use what the form sent. Check the listing link (it looks like https://www.airbnb.com/rooms/12345678) and send it again. Nothing was charged.';
  }
  return 'Nothing was charged. Try again, or write to support if it keeps happening.';
}
/** SPEC §8: POST /api/optimize answered {success: false} without a message, or nothing usable. */
export const OPTIMIZATION_FAILED_MESSAGE = 'Optimization failed';
