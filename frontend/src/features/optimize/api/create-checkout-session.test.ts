import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { GENERIC_ERROR_MESSAGE } from '@/lib/messages';
import {
  CHECKOUT_URL,
  checkoutAnswer,
  errorAnswer,
  formValues,
  mockApiFetch,
  OPTIMIZATION_ID,
  submitError,
  testApiClient,
} from '../testing/api-fetch';
import { createCheckoutSession, readCheckoutSession } from './create-checkout-session';

const VALUES = formValues('premium');

const failure = (response: Response | Error) =>
  submitError('/create-checkout-session', response, () => createCheckoutSession(testApiClient(), VALUES));

describe('createCheckoutSession (POST /api/create-checkout-session)', () => {
  it('posts {delivery_type, form_data} with the ID token (SPEC §7)', async () => {
    const { requests } = mockApiFetch({ '/create-checkout-session': () => checkoutAnswer() });
    await createCheckoutSession(testApiClient(), VALUES);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      path: '/create-checkout-session',
      method: 'POST',
      headers: { Authorization: 'Bearer id-token-9', 'Content-Type': 'application/json' },
    });
    expect(requests[0]?.body).toEqual({
      delivery_type: 'premium',
      form_data: { listingUrl: VALUES.listingUrl, email: VALUES.email, title: VALUES.title, description: VALUES.description },
    });
  });

  it('returns the checkout URL', async () => {
    mockApiFetch({ '/create-checkout-session': () => checkoutAnswer() });
    await expect(createCheckoutSession(testApiClient(), VALUES)).resolves.toEqual({ kind: 'checkout', checkoutUrl: CHECKOUT_URL, optimizationId: OPTIMIZATION_ID });
  });

  it('returns the recorded optimization when payments are off (checkout_url null)', async () => {
    mockApiFetch({ '/create-checkout-session': () => checkoutAnswer(null) });
    await expect(createCheckoutSession(testApiClient(), VALUES)).resolves.toEqual({ kind: 'direct', optimizationId: OPTIMIZATION_ID });
  });

  it.each([
    [400, 'Unsupported listing URL. Paste a public listing link from Airbnb, Vrbo or Booking.com.'],
    [401, 'Sign in to continue.'],
    [500, 'Something went wrong on our side.'],
  ])('says "Payment error: %i" with the server’s reason as the detail', async (status, reason) => {
    const error = await failure(errorAnswer(status, reason));
    expect(error.message).toBe(`Payment error: ${status}`);
    expect(error.detail).toBe(reason);
  });

  it.each([
    [400, 'We could not use what the form sent. Check the listing link (it looks like https://www.airbnb.com/rooms/12345678) and send it again. Nothing was charged.'],
    [401, 'Your sign-in has ended. Log in again, then send the form again. Nothing was charged.'],
    [409, 'Nothing was charged. Try again, or write to support if it keeps happening.'],
  ])('says "Payment error: %i" and, with no reason from the server, what to do in plain words', async (status, detail) => {
    const error = await failure(errorAnswer(status));
    expect(error.message).toBe(`Payment error: ${status}`);
    expect(error.detail).toBe(detail);
  });

  it.each([
    ['a blank error', errorAnswer(500, '  '), 'Payment error: 500'],
    ['an HTML page', new Response('<html>Bad gateway</html>', { status: 502 }), 'Payment error: 502'],
    ['an empty body', new Response('', { status: 503 }), 'Payment error: 503'],
  ])('says "Payment error: {status}" and what to do for a server fault with %s', async (_case, response, message) => {
    const error = await failure(response);
    expect(error.message).toBe(message);
    expect(error.detail).toBe('Something went wrong on our side, not with your listing. Nothing more was charged: try again in a few minutes, or write to support if it keeps happening.');
  });

  it('says to wait when rate-limited without a reason', async () => {
    expect((await failure(new Response('', { status: 429 }))).detail).toBe('Too many requests from this connection. Wait a minute and try again.');
  });

  it('says the network message when the server cannot be reached', async () => {
    expect((await failure(new TypeError('Failed to fetch'))).message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it.each([
    ['not JSON', new Response('<html>portal</html>', { status: 200 })],
    ['empty', new Response('', { status: 200 })],
    ['without checkout_url or optimization_id', Response.json({})],
    ['a javascript: checkout_url', Response.json({ checkout_url: 'javascript:alert(1)', optimization_id: 'o' })],
    ['a list', Response.json([])],
  ])('says the generic message for an OK answer that is %s', async (_case, response) => {
    const error = await failure(response);
    expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('shows the server’s message for an OK {success: false}', async () => {
    expect((await failure(Response.json({ success: false, error: 'Payments are paused.' }))).message).toBe('Payments are paused.');
  });
});

describe('readCheckoutSession', () => {
  it.each([
    [{ checkout_url: CHECKOUT_URL, optimization_id: 'o1' }, { kind: 'checkout', checkoutUrl: CHECKOUT_URL, optimizationId: 'o1' }],
    [{ checkout_url: CHECKOUT_URL }, { kind: 'checkout', checkoutUrl: CHECKOUT_URL, optimizationId: null }],
    [{ checkout_url: 'http://127.0.0.1:12111/pay' }, { kind: 'checkout', checkoutUrl: 'http://127.0.0.1:12111/pay', optimizationId: null }],
    [{ checkout_url: null, optimization_id: 'o1' }, { kind: 'direct', optimizationId: 'o1' }],
    [{ optimization_id: 'o1' }, { kind: 'direct', optimizationId: 'o1' }],
  ])('reads %j', (body, expected) => {
    expect(readCheckoutSession(body)).toEqual(expected);
  });

  it.each([
    null,
    'https://checkout.stripe.com',
    { checkout_url: null },
    { checkout_url: null, optimization_id: '' },
    { checkout_url: null, optimization_id: 7 },
    { checkout_url: 'not a url', optimization_id: 'o1' },
    { checkout_url: 'data:text/html,hi', optimization_id: 'o1' },
    { checkout_url: 42, optimization_id: 'o1' },
  ])('rejects %j', (body) => {
    expect(readCheckoutSession(body)).toBeNull();
  });
});
