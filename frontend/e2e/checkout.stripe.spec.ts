/**
 * The paid flow through Stripe Checkout (project "stripe"): the server's Stripe API is
 * stripe-mock, and the test plays Stripe's hosted page (support/stripe.ts): the browser's
 * navigation to checkout.stripe.com is intercepted, a signed checkout.session.completed
 * event is POSTed to /api/stripe/webhook, and the browser goes on to the success URL.
 * Everything else — the order, the webhook's signature check, the report job, the poll and
 * the screens (SPEC §2 /payment-success) — is the real thing.
 */
import { expect, test } from '@playwright/test';
import {
  dashboardRow,
  enterListing,
  fixtureListingUrl,
  isCheckoutSessionCall,
  logIn,
  optimizeForm,
  SIGN_IN_TO_CONTINUE,
  signUpThroughForm,
  storedDraft,
  WELCOME_BACK,
} from './support/optimize';
import { completedReport, expectBasicReport, expectPremiumReport } from './support/report';
import { createAccount, missingStack, recordSignIn, trackErrors, uniqueEmail, type EmulatorAccount } from './support/stack';
import {
  checkoutCompletedEvent,
  deliverWebhook,
  missingStripeStack,
  payAtHostedCheckout,
  payForSession,
  stripeSignature,
  stripeStack,
  type CheckoutSessionAnswer,
  type Plan,
} from './support/stripe';

const missing = missingStack() ?? missingStripeStack();
test.skip(() => missing !== null, missing ?? '');

/** Records an order through the API, as the form does (POST /api/create-checkout-session). */
async function createOrder(account: EmulatorAccount, plan: Plan): Promise<CheckoutSessionAnswer> {
  const response = await fetch(new URL('/api/create-checkout-session', stripeStack.baseURL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      delivery_type: plan,
      form_data: { listingUrl: fixtureListingUrl(), email: account.email, title: '', description: '' },
    }),
  });
  if (!response.ok) throw new Error(`create-checkout-session: ${response.status} ${await response.text()}`);
  return (await response.json()) as CheckoutSessionAnswer;
}

/** Where an order stands, as its owner's success page polls it. */
async function orderStatus(account: EmulatorAccount, sessionId: string): Promise<string> {
  const response = await fetch(new URL(`/api/get-optimization-result/${sessionId}`, stripeStack.baseURL), {
    headers: { Authorization: `Bearer ${account.idToken}`, Accept: 'application/json' },
  });
  return ((await response.json()) as { status: string }).status;
}

test.describe('paid flow through Stripe Checkout', () => {
  test('a signed-in host pays for Basic and gets every element of the Basic report', async ({ page }) => {
    const errors = trackErrors(page);
    const account = await createAccount('Bailey Basic');
    const { paid } = await payAtHostedCheckout(page, 'basic');
    await logIn(page, account);
    await page.goto('/#optimize');
    const form = optimizeForm(page);
    const read = await enterListing(page, fixtureListingUrl());
    await form.plan('basic').check();

    const report = completedReport(page);
    await form.submit.click();

    const visit = await paid;
    expect(visit.session.success).toBe(true);
    expect(visit.session.checkout_url).toBe(visit.checkoutUrl);
    expect(visit.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(visit.session.session_id).toMatch(/^cs_test_/);
    expect(visit.webhook.status).toBe(200);
    expect(JSON.parse(visit.webhook.body)).toEqual({ received: true });

    await expect(page).toHaveURL(`/payment-success?session_id=${visit.session.session_id}`);
    const data = await report;
    await expectBasicReport(page, data);
    await expect(page.getByRole('main')).toContainText(read.title);

    await test.step('View Dashboard lists the order, completed', async () => {
      await page.getByRole('navigation', { name: 'Next steps' }).getByRole('link', { name: 'View Dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const row = dashboardRow(page, visit.session.session_id);
      await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status', 'completed');
      await expect(row).toContainText('$4.99');
    });

    await test.step('Optimize Another Listing goes back to the form', async () => {
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Basic listing optimization is ready');
      await page.getByRole('navigation', { name: 'Next steps' }).getByRole('link', { name: 'Optimize Another Listing' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(form.root).toBeVisible();
    });

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('the page waits for Stripe, without a fake bar, until the payment is confirmed; then the Premium report arrives', async ({ page, baseURL }) => {
    const errors = trackErrors(page);
    const account = await createAccount('Parker Premium');
    await recordSignIn(baseURL ?? '', account);
    const order = await createOrder(account, 'premium');
    await logIn(page, account);

    await page.clock.install();
    await page.goto(`/payment-success?session_id=${order.session_id}`);
    const screen = page.getByTestId('loading-screen');

    await test.step('unpaid: a spinner and what is happening, no percentage, no steps', async () => {
      await expect(screen).toHaveAttribute('data-waiting', 'payment');
      await expect(screen.getByTestId('loading-plan')).toHaveText('Premium Package');
      await expect(screen.getByRole('heading', { level: 1 })).toHaveText('Waiting for Stripe to confirm your payment');
      await expect(screen.getByTestId('payment-spinner')).toBeVisible();
      await expect(screen.getByTestId('loading-note')).toContainText('your report starts as soon as the payment is confirmed');
      await expect(screen.getByRole('progressbar')).toHaveCount(0);
      await expect(screen.getByTestId('loading-step')).toHaveCount(0);
      await expect(screen).not.toContainText('%');
      await expect(page.getByRole('heading', { level: 2, name: "What's Included" })).toBeVisible();
      await expect(page.getByTestId('whats-included')).toContainText('Downloadable PDF report');
      await expect(page.getByTestId('loading-claim')).toContainText('8.98% higher occupancy on average (Zhang et al., Management Science, 2022)');
      expect(await orderStatus(account, order.session_id)).toBe('pending');
      // A minute later nothing is promised for a payment that may not exist (no e-mail).
      await page.clock.runFor(61_000);
      await expect(screen.getByTestId('loading-note')).toContainText('Stripe has not confirmed a payment yet');
      await expect(screen).not.toContainText('e-mail');
      await expect(screen.getByRole('progressbar')).toHaveCount(0);
    });

    await test.step('the payment is confirmed and the report arrives', async () => {
      const report = completedReport(page, order.session_id);
      const webhook = await payForSession(order, 'premium');
      expect(webhook.status).toBe(200);
      expect(JSON.parse(webhook.body)).toEqual({ received: true });
      await expectPremiumReport(page, await report);
    });

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('a signed-out visitor’s Premium draft goes through sign-up to checkout and to the report', async ({ page }) => {
    const errors = trackErrors(page);
    const { paid } = await payAtHostedCheckout(page, 'premium');
    const listingUrl = fixtureListingUrl();
    const email = uniqueEmail('stripe-draft');
    const form = optimizeForm(page);

    await page.goto('/?package=premium#optimize');
    await expect(form.plan('premium')).toBeChecked();
    const read = await enterListing(page, listingUrl);
    await form.email.fill(email);
    await form.submit.click();
    await expect(page.getByText(SIGN_IN_TO_CONTINUE)).toBeVisible();
    await page.waitForURL(/\/signup$/);
    expect(await storedDraft(page)).toStrictEqual({ listingUrl, email, title: read.title, description: read.description, selectedPlan: 'premium' });
    // Payments are on here: the runtime config the server sends says so, and the host is told
    // checkout comes next (trust.spec.ts checks the payments-off sentence) — on both pages.
    const sentence = 'Your listing and the Premium plan are saved — you’ll continue to checkout next.';
    await expect(page.getByTestId('draft-notice')).toHaveText(sentence);
    await page.goto('/login');
    await expect(page.getByTestId('draft-notice')).toHaveText(sentence);
    await page.goto('/signup');

    const checkout = page.waitForRequest(isCheckoutSessionCall);
    const report = completedReport(page);
    await signUpThroughForm(page, { name: 'Sam Stripe', email, password: 'Secret123!' });
    await expect(page.getByText(WELCOME_BACK)).toBeVisible();
    expect((await checkout).postDataJSON()).toStrictEqual({
      delivery_type: 'premium',
      form_data: { listingUrl, email, title: read.title, description: read.description },
    });

    const visit = await paid;
    expect(visit.webhook.status).toBe(200);
    await expect(page).toHaveURL(`/payment-success?session_id=${visit.session.session_id}`);
    // The form kept while the host was at the checkout is dropped once the success page runs.
    await expect.poll(() => storedDraft(page)).toBeNull();
    const data = await report;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Premium listing optimization is ready');
    await expect(page.getByTestId('premium-badge')).toBeVisible();
    await expect(page.getByTestId('title-current')).toContainText(data.original_title ?? '');

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('the webhook refuses a wrong, missing or stale signature with 400 and changes nothing', async ({ request }) => {
    const account = await createAccount('Sig Checker');
    await recordSignIn(stripeStack.baseURL, account);
    const order = await createOrder(account, 'basic');
    const payload = checkoutCompletedEvent({ sessionId: order.session_id, optimizationId: order.optimization_id, plan: 'basic' });

    for (const signature of [
      stripeSignature(payload, 'whsec_not_the_secret'),
      stripeSignature(`${payload} `), // signed, but not these bytes
      stripeSignature(payload, stripeStack.webhookSecret, new Date(Date.now() - 10 * 60_000)), // too old: a replay
      `t=${Math.floor(Date.now() / 1000)}`,
      '',
    ]) {
      const response = await request.post('/api/stripe/webhook', {
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        data: payload,
      });
      expect(response.status(), `signature "${signature}"`).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
    expect(await orderStatus(account, order.session_id)).toBe('pending');

    // The same event, signed with the endpoint's secret, is accepted.
    expect((await deliverWebhook(payload, stripeSignature(payload))).status).toBe(200);
    await expect.poll(() => orderStatus(account, order.session_id)).toBe('completed');
  });
});
