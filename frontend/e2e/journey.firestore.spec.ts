/**
 * The whole paid journey on the production adapters (project "firestore", issue 30): the
 * server's store is the Firestore adapter on Google's Firestore emulator, its report jobs go
 * through the Cloud Tasks queue (cloud-tasks-emulator pushes each to the task endpoint, as
 * Cloud Tasks does), and checkout is against stripe-mock, the test playing Stripe's hosted page
 * (support/stripe.ts). The task endpoint checks each push's OIDC token, signed by the emulator's
 * issuer (the e2e build's E2E_TASKS_OIDC_ISSUER). A visitor signs up from the form, pays, gets
 * the report, finds it on the dashboard and re-checks the listing; the orders are then read back
 * from the emulator itself, so the journey cannot pass on any other store.
 */
import { expect, test } from '@playwright/test';
import {
  dashboardRow,
  enterListing,
  fixtureListingUrl,
  optimizeForm,
  SIGN_IN_TO_CONTINUE,
  signUpThroughForm,
  WELCOME_BACK,
} from './support/optimize';
import { completedReport, expectBasicReport } from './support/report';
import { stack, trackErrors, uniqueEmail } from './support/stack';
import { missingStripeStack, payAtHostedCheckout } from './support/stripe';

/** The Firestore server and the emulator it stores in (scripts/e2e.sh sets them). */
const firestore = {
  baseURL: process.env.E2E_FIRESTORE_BASE_URL ?? '',
  emulator: process.env.E2E_FIRESTORE_EMULATOR ?? '',
  /** Why scripts/e2e.sh started no Firestore server (no Google emulator here), or ''. */
  missing: process.env.E2E_FIRESTORE_MISSING ?? '',
};

function missingFirestoreStack(): string | null {
  if (firestore.missing) return firestore.missing;
  if (!firestore.baseURL || !firestore.emulator || !stack.authEmulator) {
    return 'needs the server on Firestore (scripts/e2e.sh sets E2E_FIRESTORE_BASE_URL, E2E_FIRESTORE_EMULATOR, E2E_AUTH_EMULATOR)';
  }
  return null;
}

const missing = missingFirestoreStack() ?? missingStripeStack();
test.skip(() => missing !== null, missing ?? '');

/** A Firestore REST field value, as far as these checks read one. */
interface FieldValue {
  stringValue?: string;
  integerValue?: string;
  nullValue?: null;
}

/**
 * The fields of the document at `path` as Google's emulator holds it, or null when there is
 * none. "Bearer owner" is the emulator's administrator: it reads past firestore.rules, which
 * let no client read anything.
 */
async function storedDocument(path: string): Promise<Record<string, FieldValue> | null> {
  const url = `http://${firestore.emulator}/v1/projects/${stack.projectId}/databases/(default)/documents/${path}`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { fields: Record<string, FieldValue> }).fields;
}

test('on Firestore and Cloud Tasks: sign up → checkout → webhook → report → dashboard → re-check', async ({ page, request }) => {
  test.setTimeout(90_000); // two reports made, each through a Cloud Tasks push
  const errors = trackErrors(page);

  await test.step('the task endpoint takes only pushes with the queue’s OIDC token', async () => {
    // So every report below reached it through cloud-tasks-emulator, its token checked as in production.
    const push = await request.post('/internal/tasks/generate-report', { data: { optimization_id: 'not-a-task' } });
    expect(push.status()).toBe(401);
  });

  const { paid } = await payAtHostedCheckout(page, 'basic', firestore.baseURL);
  const listingUrl = fixtureListingUrl();
  const email = uniqueEmail('firestore-journey');
  const form = optimizeForm(page);

  const visit = await test.step('a visitor fills in the form, signs up and pays at checkout', async () => {
    await page.goto('/?package=basic#optimize');
    await expect(form.plan('basic')).toBeChecked();
    await enterListing(page, listingUrl);
    await form.email.fill(email);
    await form.submit.click();
    await expect(page.getByText(SIGN_IN_TO_CONTINUE)).toBeVisible();
    await page.waitForURL(/\/signup$/);
    await signUpThroughForm(page, { name: 'Fran Firestore', email, password: 'Secret123!' });
    await expect(page.getByText(WELCOME_BACK)).toBeVisible();
    const visit = await paid;
    expect(visit.webhook.status).toBe(200);
    expect(JSON.parse(visit.webhook.body)).toEqual({ received: true });
    return visit;
  });
  const { session_id: sessionId, optimization_id: orderId } = visit.session;

  const score = await test.step('the report arrives on the success page', async () => {
    const report = completedReport(page, sessionId);
    await expect(page).toHaveURL(`/payment-success?session_id=${sessionId}`);
    await expectBasicReport(page, await report);
    return (await page.getByTestId('overall-score-value').textContent())?.trim() ?? '';
  });

  await test.step('the dashboard lists the order, completed', async () => {
    await page.getByRole('navigation', { name: 'Next steps' }).getByRole('link', { name: 'View Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const row = dashboardRow(page, sessionId);
    await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status', 'completed');
    await expect(row).toContainText('$4.99');
  });

  const recheckId = await test.step('the report’s re-check reads the listing again and shows what changed', async () => {
    await page.goBack();
    const offer = page.getByTestId('recheck-offer');
    await expect(offer).toContainText('3 of 3 free re-checks left');
    await offer.getByRole('button', { name: 'Re-check my listing' }).click();
    const comparison = page.getByTestId('comparison');
    await expect(comparison).toBeVisible({ timeout: 30_000 });
    const recheckId = new URL(page.url()).searchParams.get('session_id') ?? '';
    expect(recheckId).not.toBe('');
    expect(recheckId).not.toBe(sessionId);
    // The fixture page did not change between the reads: the same score before and after.
    await expect(page.getByTestId('comparison-overall')).toContainText(`${score} → ${score}`);
    await expect(page.getByTestId('recheck-offer')).toContainText('2 of 3 free re-checks left');
    return recheckId;
  });

  await test.step('the dashboard shows the listing once, with the report and its re-check', async () => {
    await page.goto('/dashboard');
    const card = page.getByTestId('listing-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('listing-reports').getByRole('link')).toHaveText([/^Report\s*·/, /^Re-check\s*·/]);
    await expect(card.getByTestId('listing-recheck')).toContainText('2 of 3 free re-checks left');
  });

  await test.step('both orders are documents in the Firestore emulator, as the host saw them', async () => {
    const order = await storedDocument(`optimizations/${orderId}`);
    expect(order, `optimizations/${orderId} in Firestore`).not.toBeNull();
    expect(order?.status?.stringValue).toBe('completed');
    expect(order?.planType?.stringValue).toBe('basic');
    expect(order?.customerEmail?.stringValue).toBe(email);
    expect(order?.stripeSessionId?.stringValue).toBe(sessionId);
    expect(await storedDocument(`stripeSessions/${sessionId}`), `stripeSessions/${sessionId} in Firestore`).not.toBeNull();
    const recheck = await storedDocument(`optimizations/${recheckId}`);
    expect(recheck, `optimizations/${recheckId} in Firestore`).not.toBeNull();
    expect(recheck?.status?.stringValue).toBe('completed');
    expect(recheck?.recheckOf?.stringValue).toBe(orderId);
  });

  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
