/**
 * Stripe's side of the paid flow, for the *.stripe.spec.ts files (project "stripe").
 *
 * scripts/e2e.sh runs a server whose Stripe API is stripe-mock (E2E_STRIPE_BASE_URL) and
 * gives its webhook signing secret (E2E_STRIPE_WEBHOOK_SECRET). stripe-mock answers
 * create-checkout-session with a session and the hosted page's URL
 * (https://checkout.stripe.com/…), but nobody can pay there: these helpers play Stripe.
 * When the browser goes to the hosted page, the navigation is intercepted, a signed
 * checkout.session.completed event is POSTed to the server's webhook, and the browser is
 * sent on to the success URL, as Stripe does after a payment.
 */
import { createHmac } from 'node:crypto';
import { type Page } from '@playwright/test';

export const stripeStack = {
  baseURL: process.env.E2E_STRIPE_BASE_URL ?? '',
  webhookSecret: process.env.E2E_STRIPE_WEBHOOK_SECRET ?? '',
  /** That server's SQLite file (for devseed; the specs here go through the API). */
  sqlitePath: process.env.E2E_STRIPE_SQLITE_PATH ?? '',
};

/** Why the Stripe specs cannot run here, or null when they can. */
export function missingStripeStack(): string | null {
  const missing = Object.entries({ E2E_STRIPE_BASE_URL: stripeStack.baseURL, E2E_STRIPE_WEBHOOK_SECRET: stripeStack.webhookSecret })
    .filter(([, value]) => value === '')
    .map(([name]) => name);
  return missing.length ? `needs the server with payments on (scripts/e2e.sh sets ${missing.join(', ')})` : null;
}

/** The hosted checkout page stripe-mock's sessions point at. */
export const STRIPE_CHECKOUT_PAGES = 'https://checkout.stripe.com/**';

/** The API version of the webhook endpoint's events (Stripe's newest at the time of writing). */
export const WEBHOOK_API_VERSION = '2026-03-25.dahlia';

/** What each plan costs at checkout, in cents (SPEC §9). */
export const PLAN_CENTS = { basic: 499, premium: 1999 } as const;
export type Plan = keyof typeof PLAN_CENTS;

/** POST /api/create-checkout-session's answer with payments on. */
export interface CheckoutSessionAnswer {
  success: boolean;
  checkout_url: string | null;
  optimization_id: string;
  session_id: string;
}

let eventCounter = 0;

/** The raw JSON of a checkout.session.completed event for a paid session, as Stripe sends it. */
export function checkoutCompletedEvent(session: { sessionId: string; optimizationId: string; plan: Plan }): string {
  eventCounter += 1;
  return JSON.stringify({
    id: `evt_e2e_${Date.now().toString(36)}_${process.pid}_${eventCounter}`,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: WEBHOOK_API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    data: {
      object: {
        id: session.sessionId,
        object: 'checkout.session',
        client_reference_id: session.optimizationId,
        metadata: {},
        status: 'complete',
        payment_status: 'paid',
        amount_total: PLAN_CENTS[session.plan],
        currency: 'usd',
        mode: 'payment',
      },
    },
  });
}

/**
 * The Stripe-Signature header for `payload`, made as Stripe makes it:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint's secret>.
 */
export function stripeSignature(payload: string, secret = stripeStack.webhookSecret, at = new Date()): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * POSTs the raw `payload` to the webhook of the server at `baseURL` (by default the stripe
 * server; the Firestore journey's server shares its secret) with `signature`; the answer's
 * status and body.
 */
export async function deliverWebhook(payload: string, signature: string, baseURL = stripeStack.baseURL): Promise<{ status: number; body: string }> {
  const response = await fetch(new URL('/api/stripe/webhook', baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
    body: payload,
  });
  return { status: response.status, body: await response.text() };
}

/** Pays for `session` the way Stripe reports it: a signed checkout.session.completed to the webhook. */
export async function payForSession(session: Pick<CheckoutSessionAnswer, 'session_id' | 'optimization_id'>, plan: Plan, baseURL = stripeStack.baseURL) {
  const payload = checkoutCompletedEvent({ sessionId: session.session_id, optimizationId: session.optimization_id, plan });
  return deliverWebhook(payload, stripeSignature(payload), baseURL);
}

/** The success URL Stripe sends the browser to after payment, on the server at `baseURL`. */
export function successUrl(sessionId: string, baseURL = stripeStack.baseURL): string {
  return new URL(`/payment-success?session_id=${encodeURIComponent(sessionId)}`, baseURL).href;
}

/** What happened at the (intercepted) hosted checkout. */
export interface CheckoutVisit {
  /** The URL the browser was sent to. */
  checkoutUrl: string;
  /** The create-checkout-session answer that sent it there. */
  session: CheckoutSessionAnswer;
  /** The webhook's answer to the signed event. */
  webhook: { status: number; body: string };
}

/**
 * Stands in for Stripe's hosted checkout in `page`: when the browser navigates there, the
 * order just created (the last create-checkout-session answer) is paid for with a signed
 * webhook, and the navigation is answered with a 302 to the success URL. `paid` resolves
 * with what happened; the browser is sent on only when the webhook answered 200. `baseURL`
 * is the server the page pays on (by default the stripe server).
 */
export async function payAtHostedCheckout(page: Page, plan: Plan, baseURL = stripeStack.baseURL): Promise<{ paid: Promise<CheckoutVisit> }> {
  // The answers are read on their way to the page, unchanged: once the page leaves for
  // the checkout, their bodies can no longer be asked for.
  const answers: CheckoutSessionAnswer[] = [];
  await page.route('**/api/create-checkout-session', async (route) => {
    const response = await route.fetch();
    if (response.ok()) answers.push((await response.json()) as CheckoutSessionAnswer);
    await route.fulfill({ response });
  });

  let settle!: { resolve: (visit: CheckoutVisit) => void; reject: (error: unknown) => void };
  const visit = new Promise<CheckoutVisit>((resolve, reject) => {
    settle = { resolve, reject };
  });
  visit.catch(() => undefined); // the test awaits it; a failure must not also be an unhandled rejection

  await page.route(STRIPE_CHECKOUT_PAGES, async (route) => {
    try {
      const session = answers.at(-1);
      if (!session) throw new Error(`the browser went to ${route.request().url()} without a create-checkout-session answer`);
      const webhook = await payForSession(session, plan, baseURL);
      if (webhook.status === 200) {
        await route.fulfill({ status: 302, headers: { location: successUrl(session.session_id, baseURL) } });
      } else {
        await route.fulfill({ status: 502, contentType: 'text/plain', body: `The webhook answered ${webhook.status}: ${webhook.body}` });
      }
      settle.resolve({ checkoutUrl: route.request().url(), session, webhook });
    } catch (error) {
      settle.reject(error);
      await route.abort();
    }
  });
  return { paid: visit };
}
