import { describe, expect, it, vi } from 'vitest';
import { createApiClient, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { GOLDEN_LISBON, SERVED_FIRST_REPORTS } from '@/testing/golden';
import { getOptimizationResult, resultErrorMessage } from './get-optimization-result';

function client(respond: () => Response | Promise<Response>) {
  const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(respond()));
  return { fetchImpl, api: createApiClient({ baseUrl: '', getIdToken: () => Promise.resolve('id-token-7'), fetch: fetchImpl }) };
}

/** The message the page would show for this answer. */
async function failureMessage(respond: () => Response | Promise<Response>): Promise<string> {
  const { api } = client(respond);
  const error = await getOptimizationResult(api, 'cs_1').then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).not.toBeNull();
  return resultErrorMessage(error);
}

describe('getOptimizationResult', () => {
  it('GETs the session’s result with the ID token and JSON headers (SPEC §7)', async () => {
    const { api, fetchImpl } = client(() => Response.json({ success: true, status: 'pending', stage: 'paid', progress: 0, package_type: 'basic' }));
    await getOptimizationResult(api, 'cs_test_a/b?c');
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/get-optimization-result/cs_test_a%2Fb%3Fc');
    expect(init).toMatchObject({
      method: 'GET',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer id-token-7' },
    });
  });

  it('reads a running job: stage, progress (0–100) and plan', async () => {
    const { api } = client(() => Response.json({ success: true, status: 'processing', stage: 'writing', progress: 140, package_type: 'Premium' }));
    await expect(getOptimizationResult(api, 'cs_1')).resolves.toEqual({
      status: 'running',
      stage: 'writing',
      progress: 100,
      packageType: 'premium',
      paid: null,
      checkoutUrl: null,
    });
  });

  it('treats an unknown stage, status or plan as not known yet', async () => {
    const { api } = client(() => Response.json({ success: true, status: 'refunding', stage: 'teleporting', package_type: 'gold' }));
    await expect(getOptimizationResult(api, 'cs_1')).resolves.toEqual({
      status: 'running',
      stage: null,
      progress: null,
      packageType: null,
      paid: null,
      checkoutUrl: null,
    });
  });

  it('an unpaid order carries its open checkout page, and only an https one', async () => {
    const unpaid = { success: true, status: 'pending', stage: '', progress: 0, package_type: 'basic', paid: false };
    let { api } = client(() => Response.json({ ...unpaid, checkout_url: 'https://checkout.stripe.com/c/pay/cs_1' }));
    await expect(getOptimizationResult(api, 'cs_1')).resolves.toMatchObject({ paid: false, checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_1' });
    ({ api } = client(() => Response.json({ ...unpaid, checkout_url: 'javascript:alert(1)' })));
    await expect(getOptimizationResult(api, 'cs_1')).resolves.toMatchObject({ paid: false, checkoutUrl: null });
  });

  it('a refunded, failed or expired order is an ended order, not a load error', async () => {
    const refunded = {
      success: false,
      status: 'refunded',
      error: 'We could not prepare your report. The listing site did not answer.',
      order_id: 'ord_1',
      amount: 19.99,
      paid: true,
      refund: { amount: 19.99, refunded_at: '2026-11-23T15:00:00Z' },
    };
    let { api } = client(() => Response.json(refunded));
    await expect(getOptimizationResult(api, 'cs_1')).resolves.toEqual({
      status: 'ended',
      order: {
        status: 'refunded',
        reason: refunded.error,
        orderId: 'ord_1',
        amount: 19.99,
        paid: true,
        refund: { amount: 19.99, refunded_at: '2026-11-23T15:00:00Z' },
      },
    });
    ({ api } = client(() => Response.json({ success: false, status: 'expired', error: 'Checkout was not completed.', order_id: 'ord_2', amount: 4.99, paid: false, refund: null })));
    await expect(getOptimizationResult(api, 'cs_1')).resolves.toMatchObject({ status: 'ended', order: { status: 'expired', paid: false, refund: null } });
    // Without an order number it is the old failure answer: an error with the reason.
    ({ api } = client(() => Response.json({ success: false, status: 'failed', error: 'Nope' })));
    await expect(getOptimizationResult(api, 'cs_1')).rejects.toThrow('Nope');
  });

  it('returns the report when completed', async () => {
    const { api } = client(() => Response.json({ success: true, status: 'completed', data: GOLDEN_LISBON }));
    const answer = await getOptimizationResult(api, 'cs_1');
    expect(answer.status).toBe('completed');
    expect(answer.status === 'completed' && answer.result.optimized_title).toBe('2BR Loft in Alfama, Lisbon · River View & Terrace');
  });

  it('a failed job shows its reason', async () => {
    const reason = 'We could not read your listing: the page was not found. You have not been charged twice; contact support.';
    expect(await failureMessage(() => Response.json({ success: false, status: 'failed', error: reason }))).toBe(reason);
  });

  it('a non-OK answer shows the server’s error, else "Failed to fetch payment results."', async () => {
    expect(await failureMessage(() => Response.json({ success: false, error: 'Optimization not found.' }, { status: 404 }))).toBe('Optimization not found.');
    expect(await failureMessage(() => Response.json({ success: false, error: 'Sign in to continue.' }, { status: 401 }))).toBe('Sign in to continue.');
    expect(await failureMessage(() => new Response('<html>Bad gateway</html>', { status: 502 }))).toBe('Failed to fetch payment results.');
    expect(await failureMessage(() => Response.json({ success: false }, { status: 500 }))).toBe('Failed to fetch payment results.');
    expect(await failureMessage(() => Response.json({ success: false }))).toBe('Failed to fetch payment results.');
  });

  it('an OK answer of another shape is "Failed to fetch payment results."', async () => {
    expect(await failureMessage(() => Response.json({ status: 'completed' }))).toBe('Failed to fetch payment results.');
    expect(await failureMessage(() => Response.json({ success: true, status: 'completed', data: { nope: 1 } }))).toBe('Failed to fetch payment results.');
    expect(await failureMessage(() => Response.json([1, 2]))).toBe('Failed to fetch payment results.');
  });

  it('a report stored before today’s fields, as the server serves it, is the completed report (not an error)', async () => {
    const { api } = client(() => Response.json({ success: true, status: 'completed', data: SERVED_FIRST_REPORTS, order_id: 'o1' }));
    const poll = await getOptimizationResult(api, 'cs_1');
    expect(poll.status).toBe('completed');
    expect(poll.status === 'completed' && poll.result.overall_band).toBe('');
  });

  it('a report that fails its schema check is "Failed to fetch payment results.", with the problems kept as the cause', async () => {
    const data = { ...(GOLDEN_LISBON as Record<string, unknown>), package_type: 'gold' };
    const { api } = client(() => Response.json({ success: true, status: 'completed', data }));
    const error = await getOptimizationResult(api, 'cs_1').then(
      () => null,
      (e: unknown) => e,
    );
    expect(resultErrorMessage(error)).toBe('Failed to fetch payment results.');
    expect(error instanceof Error && error.cause instanceof Error ? error.cause.message : '').toBe('report.package_type: expected one of basic, premium, "", got "gold"');
  });

  it('a body that does not parse is "Invalid JSON response: <parser message>"', async () => {
    let parserMessage = '';
    try {
      JSON.parse('<html>oops');
    } catch (error) {
      parserMessage = (error as Error).message;
    }
    expect(await failureMessage(() => new Response('<html>oops', { status: 200 }))).toBe(`Invalid JSON response: ${parserMessage}`);
    expect(await failureMessage(() => new Response('', { status: 200 }))).toMatch(/^Invalid JSON response: \S/);
  });

  it('no answer at all is the plain network message', async () => {
    const { api } = client(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await getOptimizationResult(api, 'cs_1').catch((e: unknown) => e);
    expect(resultErrorMessage(error)).toBe(NETWORK_ERROR_MESSAGE);
    expect(resultErrorMessage(new Error('weird'))).toBe('Failed to fetch payment results.');
  });
});
