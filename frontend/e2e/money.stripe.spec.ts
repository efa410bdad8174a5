/**
 * Money a host can trust (payments on, stripe-mock, signed webhooks): an order whose
 * listing is taken down after payment ends on the refund screen; an unpaid order can be
 * resumed or removed from the dashboard; a Basic report upgrades to Premium for the
 * difference — the same order, with its PDF and one e-mail.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { dashboardRow, logIn } from './support/optimize';
import { completedReport } from './support/report';
import { createAccount, missingStack, recordSignIn, trackErrors, type EmulatorAccount } from './support/stack';
import { deliverWebhook, missingStripeStack, STRIPE_CHECKOUT_PAGES, stripeSignature, stripeStack, successUrl, payForSession } from './support/stripe';

const missing = missingStack() ?? missingStripeStack() ?? (process.env.E2E_FIXTURE_SITE ? null : 'needs E2E_FIXTURE_SITE (scripts/e2e.sh sets it)');
test.skip(() => missing !== null, missing ?? '');

/** A listing page of the fixture site that only this spec takes down. */
const DISPOSABLE_LISTING = 'https://www.airbnb.com/rooms/60000001';

async function api(account: EmulatorAccount, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL(path, stripeStack.baseURL), {
    method,
    headers: { Authorization: `Bearer ${account.idToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

interface Order {
  optimization_id: string;
  session_id: string;
  checkout_url: string;
}

async function createOrder(account: EmulatorAccount, plan: 'basic' | 'premium', listingUrl = process.env.E2E_FIXTURE_LISTING_URL ?? ''): Promise<Order> {
  const { status, body } = await api(account, 'POST', '/api/create-checkout-session', {
    delivery_type: plan,
    form_data: { listingUrl, email: account.email, title: '', description: '' },
  });
  expect(status, 'create-checkout-session').toBe(200);
  return body as Order;
}

/** The stripe server's outbox messages to `address` (their raw .eml text). */
async function outboxTo(address: string): Promise<string[]> {
  const dir = process.env.E2E_STRIPE_OUTBOX_DIR ?? '';
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  const bodies = await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
  return bodies.filter((b) => b.split('\r\n').some((line) => line.startsWith('To:') && line.includes(address)));
}

test.describe('money', () => {
  test('a paid order whose listing disappears before its report ends on the refund screen', async ({ page }) => {
    const errors = trackErrors(page);
    const account = await createAccount('Rory Refund');
    await recordSignIn(stripeStack.baseURL, account);
    const order = await createOrder(account, 'premium', DISPOSABLE_LISTING);
    const down = await fetch(`http://${process.env.E2E_FIXTURE_SITE}/__fixture/take-down?path=/rooms/60000001`, { method: 'POST' });
    expect(down.status).toBe(204);
    const paid = await payForSession(order, 'premium');
    expect(paid.status).toBe(200);

    await logIn(page, account);
    await page.goto(`/payment-success?session_id=${order.session_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't prepare your report", { timeout: 20_000 });
    await expect(page.getByText('Error Loading Results')).toHaveCount(0);
    await expect(page.getByTestId('order-number')).toHaveText(order.optimization_id);
    await expect(page.getByTestId('order-money')).toContainText(/Your payment of \$\d+\.\d\d was refunded on [A-Z][a-z]+ \d{1,2}, \d{4} — it can take 5–10 days to appear\./);
    await expect(page.getByRole('alert')).toContainText('find that listing');
    await expect(page.getByRole('link', { name: 'Try another listing' })).toHaveAttribute('href', '/#optimize');
    const support = decodeURIComponent((await page.getByRole('link', { name: 'Contact support' }).getAttribute('href')) ?? '');
    expect(support).toContain(order.optimization_id);

    await page.goto('/dashboard');
    const row = dashboardRow(page, order.session_id);
    await expect(row.getByTestId('status-badge')).toHaveText('Refunded');
    await expect(row.getByTestId('status-badge')).toHaveAttribute('data-tone', 'grey');
    await expect.poll(async () => (await outboxTo(account.email)).length, { timeout: 10_000 }).toBe(1);
    expect(errors).toEqual([]);
  });

  test('an unpaid order offers Resume checkout and Remove on the dashboard', async ({ page }) => {
    const errors = trackErrors(page);
    const account = await createAccount('Uma Unpaid');
    await recordSignIn(stripeStack.baseURL, account);
    const kept = await createOrder(account, 'basic');
    const removed = await createOrder(account, 'premium');
    await logIn(page, account);
    await page.goto('/dashboard');

    const keptRow = dashboardRow(page, kept.session_id);
    await expect(keptRow.getByTestId('resume-checkout')).toHaveAttribute('href', kept.checkout_url);
    await page.route(STRIPE_CHECKOUT_PAGES, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Stripe Checkout</title>' }));
    await keptRow.getByTestId('resume-checkout').click();
    await expect(page).toHaveURL(kept.checkout_url);
    await page.goto('/dashboard');

    const removedRow = dashboardRow(page, removed.session_id);
    await removedRow.getByRole('button', { name: /^Remove the unpaid order/ }).click();
    await expect(removedRow).toHaveCount(0);
    await expect(dashboardRow(page, kept.session_id)).toHaveCount(1);
    const gone = await api(account, 'GET', `/api/get-optimization-result/${removed.optimization_id}`);
    expect(gone.status).toBe(404);
    expect(errors).toEqual([]);
  });

  test('Basic report → Upgrade → pay → the same order is Premium, with its PDF and one e-mail', async ({ page }) => {
    const errors = trackErrors(page);
    const account = await createAccount('Uri Upgrade');
    await recordSignIn(stripeStack.baseURL, account);
    const order = await createOrder(account, 'basic');
    expect((await payForSession(order, 'basic')).status).toBe(200);
    await logIn(page, account);
    const report = completedReport(page);
    await page.goto(`/payment-success?session_id=${order.session_id}`);
    await report;
    await expect(page.getByTestId('pdf-message')).toHaveText('PDF Available with Premium Package');

    // Stripe's hosted page for the upgrade: pay with a signed event naming the order.
    let upgradeSession = '';
    await page.route('**/api/create-upgrade-session', async (route) => {
      const response = await route.fetch();
      upgradeSession = ((await response.json()) as { session_id: string }).session_id;
      await route.fulfill({ response });
    });
    await page.route(STRIPE_CHECKOUT_PAGES, async (route) => {
      const payload = JSON.stringify({
        id: `evt_e2e_upgrade_${Date.now()}`,
        object: 'event',
        type: 'checkout.session.completed',
        api_version: '2026-03-25.dahlia',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: upgradeSession,
            object: 'checkout.session',
            client_reference_id: order.optimization_id,
            metadata: { optimization_id: order.optimization_id, customer_uid: account.uid, purpose: 'upgrade', plan: 'premium' },
            status: 'complete',
            payment_status: 'paid',
            amount_total: 1500,
            currency: 'usd',
            mode: 'payment',
          },
        },
      });
      const hook = await deliverWebhook(payload, stripeSignature(payload));
      expect(hook.status).toBe(200);
      await route.fulfill({ status: 302, headers: { location: successUrl(upgradeSession) } });
    });
    await page.getByRole('button', { name: 'Upgrade to Premium for $15.00' }).click();
    await expect(page).toHaveURL(/\/payment-success\?session_id=cs_/);
    await expect(page.getByTestId('premium-badge')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Download PDF Report' })).toBeVisible();
    await expect(page.getByTestId('upgrade-offer')).toHaveCount(0);

    await page.goto('/dashboard');
    const row = dashboardRow(page, order.session_id);
    await expect(row).toContainText('Premium');
    await expect(row).toContainText('$19.99');
    await expect(row.getByTestId('row-upgrade')).toHaveCount(0);
    await expect.poll(async () => (await outboxTo(account.email)).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await outboxTo(account.email);
    expect(mail).toContain('Content-Type: application/pdf');
    expect(errors).toEqual([]);
  });
});
