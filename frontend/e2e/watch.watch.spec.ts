/**
 * Watch (issue 45), the whole journey on its own server (project "watch": payments on against
 * stripe-mock, SQLite, the local queue, and a clock the spec moves a week at a time with the e2e
 * build's POST /__e2e/clock). A host buys Premium for a listing; three weeks pass, and between
 * the first and the second the host edits the listing's title on the (fixture) site. The
 * dashboard then shows the three weeks — two with no change, one with the title's before → after
 * — and the chart of the price against the comparables' median; the host got exactly one e-mail,
 * for the week that changed, and its Pause link (no sign-in) pauses the watch: "Paused".
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { decodedSubject, header, mailText, outboxTo } from './support/mail';
import { enterListing, logIn, optimizeForm } from './support/optimize';
import { completedReport } from './support/report';
import { createAccount, missingStack, recordSignIn, trackErrors, type EmulatorAccount } from './support/stack';
import { missingStripeStack, payAtHostedCheckout } from './support/stripe';

const watchBase = process.env.E2E_WATCH_BASE_URL ?? '';
const outbox = process.env.E2E_WATCH_OUTBOX_DIR ?? '';
const fixtureSite = process.env.E2E_FIXTURE_SITE ?? '';
const missing =
  missingStack() ??
  missingStripeStack() ??
  (watchBase && outbox && fixtureSite ? null : 'needs the Watch server (scripts/e2e.sh sets E2E_WATCH_BASE_URL, E2E_WATCH_OUTBOX_DIR and E2E_FIXTURE_SITE)');
test.skip(() => missing !== null, missing ?? '');

/** A copy of the fixture listing that only this spec edits (backend/cmd/fixturesite). */
const LISTING_PATH = '/rooms/60000002';
const LISTING = `https://www.airbnb.com${LISTING_PATH}`;
const TITLE_BEFORE = 'Sunny Alfama loft';
const TITLE_AFTER = 'Bright Alfama loft';

async function post(url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

interface ListingsAnswer {
  listings: { listingUrl: string; watch: { checks: unknown[] } | null }[];
}

/** The weeks the host's watch has checked, as the dashboard's API answers. */
async function weeksChecked(account: EmulatorAccount): Promise<number> {
  const response = await fetch(new URL('/api/listings', watchBase), { headers: { Authorization: `Bearer ${account.idToken}` } });
  const { listings } = (await response.json()) as ListingsAnswer;
  return listings.find((l) => l.listingUrl.includes(LISTING_PATH))?.watch?.checks.length ?? 0;
}

/** A week passes on the server's clock, the hourly run queues what is due, and the check is recorded. */
async function passWeek(account: EmulatorAccount, week: number) {
  await post(new URL('/__e2e/clock', watchBase).href, { advance: '168h' });
  await post(new URL('/__e2e/watch-run', watchBase).href);
  await expect.poll(() => weeksChecked(account), { timeout: 45_000, message: `week ${week} checked` }).toBe(week);
}

/** The watch e-mails in the outbox for the host. */
function watchMails(account: EmulatorAccount): string[] {
  return outboxTo(outbox, account.email).filter((eml) => /listing/i.test(decodedSubject(eml)) && !/Premium report/i.test(decodedSubject(eml)));
}

async function expectNoA11yViolations(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('buy Premium → three weeks pass, the listing changes → the timeline, the chart, one e-mail → Pause from it', async ({ page }) => {
  test.setTimeout(240_000); // a Premium report and three weekly checks, each a full read of the listing
  const errors = trackErrors(page);
  const account = await createAccount('Wren Watcher');
  await recordSignIn(watchBase, account);

  await test.step('the host buys Premium: the report comes with 12 weeks of Watch', async () => {
    const { paid } = await payAtHostedCheckout(page, 'premium', watchBase);
    await logIn(page, account);
    await page.goto('/#optimize');
    const form = optimizeForm(page);
    await enterListing(page, LISTING);
    await form.plan('premium').check();
    const report = completedReport(page, undefined, 90_000);
    await form.submit.click();
    expect((await paid).webhook.status).toBe(200);
    await report;
    const panel = page.getByTestId('watch-panel');
    await expect(panel.getByTestId('watch-status')).toContainText('Watching · 12 of 12 weeks left');
  });

  await test.step('week 1: nothing changed; the host edits the title; weeks 2 and 3 are checked', async () => {
    await passWeek(account, 1);
    await post(`http://${fixtureSite}/__fixture/edit?path=${encodeURIComponent(LISTING_PATH)}&from=${encodeURIComponent(TITLE_BEFORE)}&to=${encodeURIComponent(TITLE_AFTER)}`);
    await passWeek(account, 2);
    await passWeek(account, 3);
  });

  await test.step('the dashboard: three weeks, one change with its before → after, and the chart', async () => {
    await page.goto('/dashboard');
    const panel = page.getByTestId('watch-panel');
    await expect(panel.getByTestId('watch-status')).toContainText('Watching · 9 of 12 weeks left');
    const weeks = panel.getByTestId('watch-week');
    await expect(weeks).toHaveCount(3);
    const changed = weeks.filter({ has: page.getByTestId('watch-change') });
    await expect(changed).toHaveCount(1);
    await expect(changed.getByTestId('watch-change').filter({ hasText: 'title' })).toContainText(TITLE_BEFORE);
    await expect(changed.getByTestId('watch-change').filter({ hasText: 'title' })).toContainText(TITLE_AFTER);
    await expect(weeks.filter({ hasText: 'no change' })).toHaveCount(2);
    const chart = panel.getByTestId('watch-chart');
    await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /median/i);
    await expect(chart.getByTestId('watch-chart-price')).toHaveCount(3);
    await expectNoA11yViolations(page, '[data-testid="watch-panel"]');
  });

  let pauseLink = '';
  await test.step('one e-mail, for the week that changed, with its evidence and a one-click unsubscribe', async () => {
    await expect.poll(() => watchMails(account).length, { timeout: 15_000, message: 'the watch e-mail in the outbox' }).toBe(1);
    const eml = watchMails(account)[0] ?? '';
    expect(decodedSubject(eml)).toContain('What changed on your listing this week');
    const text = mailText(eml);
    expect(text).toContain(TITLE_BEFORE);
    expect(text).toContain(TITLE_AFTER);
    expect(header(eml, 'List-Unsubscribe')).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/watch\/unsubscribe\?token=[\w-]+>/);
    expect(header(eml, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    pauseLink = /(http:\/\/\S+\/watch\?action=pause&token=[\w-]+)/.exec(text)?.[1] ?? '';
    expect(pauseLink, 'the e-mail has a Pause link').not.toBe('');
  });

  await test.step('Pause from the e-mail, signed out: "Paused"; the dashboard says so', async () => {
    const signedOut = await page.context().browser()?.newContext();
    const mailClient = await signedOut?.newPage();
    if (!mailClient) throw new Error('no second browser context');
    await mailClient.goto(pauseLink);
    await expect(mailClient.getByRole('heading', { level: 1 })).toContainText('Paused');
    await expect(mailClient.getByTestId('watch-link-result')).toContainText(TITLE_AFTER);
    await signedOut?.close();

    await page.goto('/dashboard');
    await expect(page.getByTestId('watch-panel').getByTestId('watch-status')).toContainText('Paused · 9 of 12 weeks left');
    // Paused: another week passes and nothing is checked.
    await post(new URL('/__e2e/clock', watchBase).href, { advance: '168h' });
    await post(new URL('/__e2e/watch-run', watchBase).href);
    expect(await weeksChecked(account)).toBe(3);
  });

  expect(errors).toEqual([]);
});
