import { expect, test } from '@playwright/test';
import { fixtureListingUrl, logIn } from './support/optimize';
import { createAccount, recordSignIn } from './support/stack';

const OUT = '/tmp/h43-screens-shots';

test('screens of issue 43 (not committed)', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const account = await createAccount('Shot Host');
  await recordSignIn(baseURL ?? '', account);
  const headers = { Authorization: `Bearer ${account.idToken}` };
  const session = await page.request.post('/api/create-checkout-session', {
    headers,
    data: { delivery_type: 'premium', form_data: { listingUrl: fixtureListingUrl(), email: account.email, title: '', description: '' } },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const { optimization_id: id } = (await session.json()) as { optimization_id: string };
  const done = await page.request.post('/api/optimize', {
    headers,
    data: { url: fixtureListingUrl(), title: '', description: '', email: account.email, optimization_id: id, wants_pdf: false, wants_email: false },
  });
  expect(done.ok(), await done.text()).toBe(true);
  await logIn(page, account);
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/payment-success?session_id=${id}`);
    const market = page.getByTestId('market-analysis');
    await market.scrollIntoViewIfNeeded();
    for (const tid of ['market-distributions', 'seasonality']) {
      const el = market.getByTestId(tid);
      if ((await el.count()) === 0) continue;
      await el.scrollIntoViewIfNeeded();
      await el.screenshot({ path: `${OUT}/${tid}-${width}.png` });
    }
    await page.goto('/payment-error?error=card_declined');
    await page.screenshot({ path: `${OUT}/payment-error-${width}.png` });
    await page.goto('/payment-success');
    await page.screenshot({ path: `${OUT}/no-session-${width}.png` });
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'Share links' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/privacy-${width}.png` });
    await page.goto('/dashboard');
    await page.getByTestId('optimizations-count-note').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/dashboard-${width}.png`, fullPage: true });
  }
});
