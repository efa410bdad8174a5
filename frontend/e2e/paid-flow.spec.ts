/**
 * The paid flow with payments off (project "chromium"; the server has no STRIPE_* settings):
 * create-checkout-session records the order and answers without a checkout_url, so the
 * form calls /api/optimize and shows the result in place (SPEC §4 "Optimize form", §7);
 * the full report is on /payment-success (SPEC §2). The report job, the store, the API and
 * the Auth emulator are real; listings come from the local fixture site.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import {
  dashboardRow,
  enterListing,
  fixtureListingUrl,
  isCheckoutSessionCall,
  isOptimizeCall,
  logIn,
  optimizeForm,
  SIGN_IN_TO_CONTINUE,
  signUpThroughForm,
  storedDraft,
  timePathBecomes,
  timeTextAppears,
  WELCOME_BACK,
} from './support/optimize';
import { decodedSubject } from './support/mail';
import { completedReport, expectBasicReport, expectCopyButtons, expectPremiumReport } from './support/report';
import { createAccount, missingStack, trackErrors, uniqueEmail } from './support/stack';

test.skip(() => missingStack() !== null, missingStack() ?? '');

/** SPEC §3 "Optimize response data", as POST /api/optimize answers it. */
interface OptimizeAnswer {
  success: boolean;
  optimization_id: string;
  data: { title_suggestions: string[]; optimized_title: string; optimized_description: string; suggested_amenities: string };
}

/**
 * The .eml files the server's outbox (E2E_OUTBOX_DIR) holds for address, once the e-mail job
 * has written at least one (it runs on the queue after the report completes).
 */
async function outboxMessagesTo(address: string): Promise<string[]> {
  const dir = process.env.E2E_OUTBOX_DIR;
  expect(dir, 'E2E_OUTBOX_DIR names the payments-off server\'s outbox').toBeTruthy();
  let found: string[] = [];
  await expect
    .poll(
      async () => {
        const names = (await readdir(dir ?? '').catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
        const bodies = await Promise.all(names.map((n) => readFile(join(dir ?? '', n), 'utf8')));
        found = bodies.filter((b) => b.split('\r\n').some((line) => line.startsWith('To:') && line.includes(address)));
        return found.length;
      },
      { timeout: 15_000, message: `an e-mail to ${address} in the outbox` },
    )
    .toBeGreaterThan(0);
  return found;
}


/** The direct optimization's result shown in place under the form (SPEC §4, §9). */
async function expectResultInPlace(page: Page, answer: OptimizeAnswer) {
  const result = page.getByTestId('optimize-result');
  await expect(result).toBeVisible();
  await expect(result).toBeFocused();
  await expect(result.getByRole('heading', { name: 'Your optimized listing' })).toBeVisible();
  await expect(result.getByTestId('optimized-title')).toHaveText(answer.data.optimized_title);
  const titles = answer.data.title_suggestions.slice(0, 3);
  expect(titles.length, 'the answer has title suggestions').toBeGreaterThan(0);
  await expect(result.getByTestId('title-suggestions').getByRole('listitem')).toHaveText(titles);
  const paragraphs = answer.data.optimized_description
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  await expect(result.getByTestId('optimized-description').locator('p')).toHaveText(paragraphs);
  const amenities = answer.data.suggested_amenities
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  expect(amenities.length, 'the answer suggests amenities').toBeGreaterThan(0);
  await expect(result.getByTestId('suggested-amenities').getByRole('listitem')).toHaveText(amenities.slice(0, 5));
  await expect(result.getByRole('link', { name: 'View full report' })).toHaveAttribute(
    'href',
    `/payment-success?session_id=${answer.optimization_id}`,
  );
  await expect(result.getByRole('link', { name: 'View Dashboard' })).toHaveAttribute('href', '/dashboard');
}

/** `target`'s top is on screen (between the viewport's top and bottom), once any smooth scroll has settled. */
async function expectOnScreen(page: Page, target: Locator) {
  const height = page.viewportSize()?.height ?? 0;
  await expect.poll(async () => {
    const box = await target.boundingBox();
    return box !== null && box.y >= 0 && box.y < height;
  }, { message: 'on screen' }).toBe(true);
}

test.describe('paid flow, payments off', () => {
  test('a signed-out visitor’s draft survives sign-up and is submitted automatically; the result shows in place', async ({ page }) => {
    const errors = trackErrors(page);
    const listingUrl = fixtureListingUrl();
    const email = uniqueEmail('draft');
    const form = optimizeForm(page);

    await page.goto('/#optimize');
    const read = await enterListing(page, listingUrl);
    await form.email.fill(email);
    await form.plan('basic').check();

    await test.step('submitting signed out saves the draft and goes to /signup 1.5 s later', async () => {
      const shown = timeTextAppears(page, SIGN_IN_TO_CONTINUE);
      await form.submit.click();
      const shownAt = await shown;
      const waited = (await timePathBecomes(page, '/signup')) - shownAt;
      expect(waited, 'the redirect waits about 1.5 s').toBeGreaterThanOrEqual(1_400);
      expect(waited, 'the redirect waits about 1.5 s').toBeLessThan(3_000);
      expect(await storedDraft(page)).toStrictEqual({ listingUrl, email, title: read.title, description: read.description, selectedPlan: 'basic' });
    });

    let requestedAt = 0;
    page.on('request', (request) => {
      if (isCheckoutSessionCall(request) && requestedAt === 0) requestedAt = Date.now();
    });
    const checkout = page.waitForRequest(isCheckoutSessionCall);
    const optimized = page.waitForResponse(isOptimizeCall);
    let welcomedAt = 0;
    await test.step('signing up returns to the form, refilled, with the welcome message', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
      const welcome = timeTextAppears(page, WELCOME_BACK);
      await signUpThroughForm(page, { name: 'Drew Draft', email, password: 'Secret123!' });
      welcomedAt = await welcome;
      await expect(page).toHaveURL(/\/(#optimize)?$/);
      await expect(form.url).toHaveValue(listingUrl);
      await expect(form.email).toHaveValue(email);
      await expect(form.title).toHaveValue(read.title);
      await expect(form.description).toHaveValue(read.description);
      await expect(form.plan('basic')).toBeChecked();
    });

    const answer = await test.step('2 s later the form submits itself and the draft is removed', async () => {
      const request = await checkout;
      // requestedAt is when the request reached the test: a little after it left, never before.
      const waited = requestedAt - welcomedAt;
      expect(waited, 'the auto-submit waits about 2 s').toBeGreaterThanOrEqual(1_800);
      expect(waited, 'the auto-submit waits about 2 s').toBeLessThan(4_000);
      expect(request.postDataJSON()).toStrictEqual({
        delivery_type: 'basic',
        form_data: { listingUrl, email, title: read.title, description: read.description },
      });
      const response = await optimized;
      expect(response.status()).toBe(200);
      const body = (await response.json()) as OptimizeAnswer;
      expect(body.success).toBe(true);
      expect(response.request().postDataJSON()).toMatchObject({ url: listingUrl, email, wants_pdf: false, wants_email: false });
      expect(await storedDraft(page)).toBeNull();
      return body;
    });

    await test.step('the result is shown in place, and the host is brought to it', async () => {
      await expectResultInPlace(page, answer);
      await expect(page.getByText(WELCOME_BACK)).toHaveCount(0);
      await expect(page.getByTestId('optimize-result')).toBeFocused();
      await expectOnScreen(page, page.getByTestId('optimize-result').getByRole('heading').first());
    });

    await test.step('"View full report" opens the full Basic report', async () => {
      const report = completedReport(page, answer.optimization_id);
      await page.getByTestId('optimize-result').getByRole('link', { name: 'View full report' }).click();
      await expect(page).toHaveURL(`/payment-success?session_id=${answer.optimization_id}`);
      await expectBasicReport(page, await report);
    });

    await test.step('the dashboard lists the order as completed', async () => {
      await page.getByRole('navigation', { name: 'Next steps' }).getByRole('link', { name: 'View Dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const row = dashboardRow(page, answer.optimization_id);
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status', 'completed');
      await expect(row).toContainText(read.title);
      await expect(row).toContainText('Basic');
      await expect(row).toContainText('$4.99');
    });

    await test.step('the Basic report opened from the dashboard shows the new description, and Copy puts the exact text on the clipboard', async () => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const report = completedReport(page, answer.optimization_id);
      await dashboardRow(page, answer.optimization_id).getByRole('link', { name: read.title }).click();
      const data = await report;
      await expectBasicReport(page, data);
      await expectCopyButtons(page, data);
    });

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('a signed-in host’s Premium order is fulfilled at once; the full report has the Premium parts', async ({ page }) => {
    const errors = trackErrors(page);
    const account = await createAccount('Pat Premium');
    await logIn(page, account);
    await page.goto('/#optimize');
    const form = optimizeForm(page);
    await expect(form.email).toHaveValue(account.email);
    await expect(form.email).toHaveAttribute('readonly', '');
    await enterListing(page, fixtureListingUrl());
    await form.plan('premium').check();

    const checkout = page.waitForRequest(isCheckoutSessionCall);
    const optimized = page.waitForResponse(isOptimizeCall);
    await form.submit.click();
    expect((await checkout).postDataJSON()).toMatchObject({ delivery_type: 'premium' });
    const response = await optimized;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ wants_pdf: true, wants_email: true });
    const answer = (await response.json()) as OptimizeAnswer;
    await expectResultInPlace(page, answer);

    const report = completedReport(page, answer.optimization_id);
    await page.getByTestId('optimize-result').getByRole('link', { name: 'View full report' }).click();
    const full = await report;
    await expectPremiumReport(page, full);
    // The Lisbon listing is outside every imported market: its figures are today's live comparables.
    expect(full.market_analysis_data).toMatchObject({ available: true, source: 'live' });
    expect(full.market_analysis_data?.comparables ?? 0).toBeGreaterThanOrEqual(15);

    await test.step('at 375 px the market tables keep "Your listing" on screen', async () => {
      await page.setViewportSize({ width: 375, height: 812 });
      const market = page.getByTestId('market-analysis');
      const tables = market.locator('table').filter({ has: page.getByRole('columnheader', { name: 'Your listing' }) });
      // "Where your listing sits" always has the column; the month table when the listing's calendar was read.
      await expect(market.getByTestId('market-distributions').getByRole('columnheader', { name: 'Your listing' })).toBeAttached();
      const count = await tables.count();
      for (let i = 0; i < count; i++) {
        const table = tables.nth(i);
        await table.scrollIntoViewIfNeeded();
        // Each cell of the "Your listing" column, its header first, against the table's scroll region and the screen.
        const outside = await table.evaluate((t) => {
          const region = (t.closest('[role="region"]') ?? t).getBoundingClientRect();
          const headers = Array.from(t.querySelectorAll('thead th'));
          const column = headers.findIndex((th) => th.textContent.trim() === 'Your listing');
          const cells = Array.from(t.querySelectorAll('tr'), (tr) => tr.children[column]).filter((c): c is Element => c !== undefined);
          return cells
            .map((c) => c.getBoundingClientRect())
            .filter((r) => r.left < Math.max(0, region.left) - 1 || r.right > Math.min(window.innerWidth, region.right) + 1)
            .map((r) => `${Math.round(r.left)}–${Math.round(r.right)} px`);
        });
        expect(outside, `"Your listing" cells off screen in table ${i + 1}`).toEqual([]);
      }
      await page.setViewportSize({ width: 1280, height: 800 }); // the project's own, for the steps below
    });

    await test.step('the PDF link works as a plain link, for this report only', async () => {
      const href = await page.getByRole('link', { name: 'Download PDF Report' }).getAttribute('href');
      expect(href, 'the Premium report links its PDF').toBeTruthy();
      const url = new URL(href ?? '', page.url()).toString();
      // A new request context: no ID token, no cookies — the link alone.
      const pdf = await playwrightRequest.newContext().then((ctx) => ctx.get(url));
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      const tampered = await playwrightRequest.newContext().then((ctx) => ctx.get(url.replace('token=', 'token=x')));
      expect(tampered.status()).toBe(404);
    });

    await test.step('one e-mail with the report and its PDF is in the outbox', async () => {
      const mails = await outboxMessagesTo(account.email);
      expect(mails).toHaveLength(1);
      const mail = mails[0] ?? '';
      expect(decodedSubject(mail)).toMatch(/^Your ListingLift Premium report: /);
      expect(mail).toContain('application/pdf');
      // The bodies are quoted-printable: undo soft line breaks and the encoded "=".
      const body = mail.replace(/=\r\n/g, '').replace(/=3D/g, '=');
      expect(body).toContain(`/payment-success?session_id=${answer.optimization_id}`);
    });

    await page.getByRole('navigation', { name: 'Next steps' }).getByRole('link', { name: 'Optimize Another Listing' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(optimizeForm(page).root).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});
