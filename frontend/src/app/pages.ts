/**
 * Where each lazily loaded page lives: its path and the chunk that holds it. Both the
 * routes (./routes.tsx) and the entry (src/main.tsx) read this table: the entry starts
 * fetching the page a visitor arrived on at once, beside the app, instead of after the
 * app has run and matched the URL (one round trip fewer before the page paints). It
 * imports nothing but the chunks, so the entry stays small.
 */
export const pages = {
  home: () => import('./home-page'),
  login: () => import('@/features/auth/components/login-page'),
  signup: () => import('@/features/auth/components/signup-page'),
  dashboard: () => import('@/features/dashboard/components/dashboard-page'),
  paymentSuccess: () => import('./payment-success-page'),
  paymentCancel: () => import('@/features/orders/components/payment-cancel-page'),
  paymentError: () => import('@/features/orders/components/payment-error-page'),
  sharedReport: () => import('@/features/report/components/shared-report-page'),
  legal: () => import('@/features/legal/components/legal-page'),
  watchLink: () => import('@/features/dashboard/components/watch-link-page'),
  notFound: () => import('@/features/not-found/components/not-found-page'),
} as const;

/**
 * The pages the build writes an HTML file of their own for (scripts/prerender.mjs writes
 * dist/pages/{file}.html; the server serves it at `path`), each drawn into its file so
 * that it paints before any JavaScript has run:
 *  - `draw: 'page'`: the page itself, which the app hydrates. Only pages whose first state
 *    is the same for every visitor and every query: the log-in and sign-up forms'
 *    "Checking your session…";
 *  - `draw: 'frame'`: the first screen the page shows while the session is restored,
 *    drawn at `at` (the report's loading screen needs a session id to be one). The app
 *    replaces it rather than hydrating it (what follows depends on the visit); the file
 *    also preloads the page's chunk (`source`, its key in the build's manifest: the file
 *    `pages` imports for it) and sign-in, so that they download beside the app.
 */
export const pageFiles = [
  { path: '/login', file: 'login', source: 'src/features/auth/components/login-page.tsx', draw: 'page', at: '/login' },
  { path: '/signup', file: 'signup', source: 'src/features/auth/components/signup-page.tsx', draw: 'page', at: '/signup' },
  { path: '/dashboard', file: 'dashboard', source: 'src/features/dashboard/components/dashboard-page.tsx', draw: 'frame', at: '/dashboard' },
  { path: '/payment-success', file: 'payment-success', source: 'src/app/payment-success-page.tsx', draw: 'frame', at: '/payment-success?session_id=frame' },
] as const;

/** The paths with a page of their own (":token" is one path segment); any other path is notFound. */
const byPath: [RegExp, keyof typeof pages][] = [
  [/^\/login$/, 'login'],
  [/^\/signup$/, 'signup'],
  [/^\/dashboard$/, 'dashboard'],
  [/^\/payment-success$/, 'paymentSuccess'],
  [/^\/payment-cancel$/, 'paymentCancel'],
  [/^\/payment-error$/, 'paymentError'],
  [/^\/shared\/[^/]+$/, 'sharedReport'],
  [/^\/(terms|privacy|refunds)$/, 'legal'],
  [/^\/watch$/, 'watchLink'],
];

/**
 * The pages that show only a spinner until the session is known: a host's own reports,
 * and the log-in and sign-up forms ("Checking your session…", auth-layout.tsx).
 */
const signedIn = new Set<keyof typeof pages>(['dashboard', 'paymentSuccess', 'login', 'signup']);

export type PageName = keyof typeof pages;

/** Which page is at `pathname` (trailing slash and case ignored, as the router does). */
export function pageName(pathname: string): PageName {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  if (path === '/') return 'home';
  return byPath.find(([pattern]) => pattern.test(path))?.[1] ?? 'notFound';
}

/** Whether the page at `pathname` waits for the session before it shows its content. */
export function needsSignIn(pathname: string): boolean {
  return signedIn.has(pageName(pathname));
}

/** The chunk of the page at `pathname` (trailing slash and case ignored, as the router does). */
export function pageAt(pathname: string): (typeof pages)[keyof typeof pages] {
  return pages[pageName(pathname)];
}
