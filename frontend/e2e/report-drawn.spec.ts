import { expect, test, type BrowserContext } from '@playwright/test';
import { logIn } from './support/optimize';
import { createAccount, missingStack, recordSignIn, seedCompletedReport } from './support/stack';

/**
 * A host's report page comes drawn by the server (backend httpapi/reportpage.go): signing in
 * trades the fresh sign-in for an HttpOnly session cookie (SPEC §7 token sync, /api/session),
 * and with it GET /payment-success has the report's header in its HTML and the result answer
 * embedded, so the header paints with the page and the app shows the report at once. The
 * server's header is the build's template of the app's own (report-header-template.tsx), so
 * nothing here holds the two equal. The
 * drawn page carries neither the PDF nor the share link: the app asks once, with the ID token,
 * for them. Signing out ends the session on the server, not only in this browser: the page is
 * the build's again, even for a copy of the cookie.
 */
const SESSION_COOKIE = '__session';
const HEADING = 'Your Basic listing optimization is ready';

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE) ?? null;
}

test.beforeEach(() => {
  const missing = missingStack();
  test.skip(missing !== null, missing ?? '');
});

test('a report page comes drawn for its owner, until the host signs out', async ({ page, browser, baseURL }) => {
  const account = await createAccount('Drawn Host');
  await recordSignIn(baseURL ?? '', account);
  const id = seedCompletedReport(account.uid);
  const path = `/payment-success?session_id=${id}`;

  await logIn(page, account);
  await expect.poll(() => sessionCookie(page.context())).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

  // The server's page, as a browser shows it before any JavaScript has run.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const drawn = await noScript.newPage();
  await drawn.goto(path);
  await expect(drawn.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  await expect(drawn.getByRole('heading', { name: 'Creating Your Optimization Report' })).toHaveCount(0);
  const drawnHTML = await drawn.content();
  expect(drawnHTML).not.toContain('/pdf?token=');
  expect(drawnHTML).not.toContain('/shared/');
  await noScript.close();

  // The app takes over, showing the report without waiting, and asks once for what the server
  // leaves out (the PDF and share links).
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/get-optimization-result/')) asked.push(request.url());
  });
  await page.goto(path);
  await expect(page.getByTestId('overall-score')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  await expect.poll(() => asked.length).toBe(1);

  // Signing out ends the session: the page is the build's loading screen again, and a copy of
  // the cookie taken before draws nothing either (Firebase dates the revocation to the second).
  const copied = await sessionCookie(page.context());
  await page.waitForTimeout(1100);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => sessionCookie(page.context())).toBeNull();
  const after = await page.request.get(path);
  expect(await after.text()).toContain('Creating Your Optimization Report');
  const copy = await page.request.get(path, { headers: { Cookie: `${SESSION_COOKIE}=${copied?.value ?? ''}` } });
  const copyHTML = await copy.text();
  expect(copyHTML).toContain('Creating Your Optimization Report');
  expect(copyHTML).not.toContain(HEADING);
});

test('another host’s cookie draws nothing of a report that is not theirs', async ({ page, browser, baseURL }) => {
  const owner = await createAccount('Owner Host');
  await recordSignIn(baseURL ?? '', owner);
  const id = seedCompletedReport(owner.uid);
  const other = await createAccount('Other Host');
  await recordSignIn(baseURL ?? '', other);

  await logIn(page, other);
  await expect.poll(() => sessionCookie(page.context())).not.toBeNull();
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const view = await noScript.newPage();
  await view.goto(`/payment-success?session_id=${id}`);
  await expect(view.getByRole('heading', { level: 1, name: 'Creating Your Optimization Report' })).toBeVisible();
  await expect(view.getByText(HEADING)).toHaveCount(0);
  await noScript.close();
});
