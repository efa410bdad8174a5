/**
 * Share links (issue 18), against the real stack with payments off: the owner makes a read-only
 * link on the report's page; anyone opens it signed out, in another browser, and sees the report
 * with nothing of the account or the order; once the owner stops sharing from the dashboard, the
 * link says it no longer works.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { fixtureListingUrl, logIn } from './support/optimize';
import { createAccount, missingStack, recordSignIn, trackErrors } from './support/stack';

test.skip(() => missingStack() !== null, missingStack() ?? '');

test('a share link opens the report signed out, and stops working after Stop sharing', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const errors = trackErrors(page);
  const account = await createAccount('Sharing Host');
  await recordSignIn(baseURL ?? '', account);
  const done = await page.request.post('/api/optimize', {
    headers: { Authorization: `Bearer ${account.idToken}` },
    data: { url: fixtureListingUrl(), title: '', description: '', email: account.email, wants_pdf: false, wants_email: false },
  });
  expect(done.ok(), await done.text()).toBe(true);
  const { optimization_id: id } = (await done.json()) as { optimization_id: string };

  await logIn(page, account);
  await page.goto(`/payment-success?session_id=${id}`);
  const offer = page.getByTestId('share-offer');
  await expect(offer).toContainText('no e-mail address, payment or order details');
  await offer.getByRole('button', { name: 'Create a share link' }).click();
  const field = offer.getByTestId('share-link');
  await expect(field).toHaveValue(/\/shared\/[A-Za-z0-9_-]+$/);
  const link = await field.inputValue();
  const score = (await page.getByTestId('overall-score-value').textContent())?.trim() ?? '';

  // Another browser, no account: the report, read-only, and nothing of the owner or the order.
  const visitor = await browser.newContext();
  const shared = await visitor.newPage();
  const visitorErrors = trackErrors(shared);
  await shared.goto(link);
  await expect(shared.getByRole('heading', { level: 1 })).toHaveText('A listing report shared with you');
  await expect(shared.getByTestId('shared-note')).toContainText('This link works until');
  await expect(shared.getByTestId('overall-score-value')).toHaveText(score);
  const text = await shared.locator('body').innerText();
  for (const secret of [account.email, id, '$4.99', 'Download PDF']) expect(text).not.toContain(secret);
  for (const ownerOnly of ['share-offer', 'recheck-offer', 'upgrade-offer', 'pdf-report']) await expect(shared.getByTestId(ownerOnly)).toHaveCount(0);
  for (const width of [1366, 375]) {
    await shared.setViewportSize({ width, height: 900 });
    const axe = await new AxeBuilder({ page: shared }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
    expect(serious, `shared report at ${width} px`).toEqual([]);
  }

  // The owner stops sharing from the dashboard's row.
  await page.goto('/dashboard');
  const row = page.getByTestId('optimization-row').filter({ hasText: 'Shared until' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Stop sharing/ }).click();
  await expect(page.getByTestId('optimization-row').filter({ hasText: 'Shared until' })).toHaveCount(0);

  await shared.reload();
  await expect(shared.getByRole('heading', { level: 1 })).toHaveText('Shared report unavailable');
  await expect(shared.getByTestId('shared-error')).toContainText('no longer available');
  await expect(shared.getByTestId('overall-score-value')).toHaveCount(0);
  await visitor.close();
  expect(errors).toEqual([]);
  // The 404 of the ended link is the page's own answer, not an error of the app.
  expect(visitorErrors.filter((e) => !e.includes('404'))).toEqual([]);
});
