import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestAuth, signedIn } from '@/testing/auth';
import { renderWithRouter } from '@/testing/render';
import { NOTHING_CHARGED, NOTHING_CHARGED_UPGRADE, REFUND_DELAY, SLOW_AFTER_MS, WAITING_FOR_PAYMENT, WAITING_FOR_PAYMENT_NOTE, WAITING_FOR_PAYMENT_SLOW, slowNote } from '@/lib/orders/money';
import { GOLDEN_LISBON } from '@/testing/golden';
import { createSeededRandom } from '@/testing/random';
import { PaymentSuccessRoute } from './payment-success-page';

const CONFIG = { apiBase: '', supportEmail: 'help@listinglift.test' };

function answer(body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(Response.json(body)));
}

function render() {
  return renderWithRouter(<PaymentSuccessRoute random={createSeededRandom(7)} config={CONFIG} />, {
    route: '/payment-success?session_id=cs_test_1',
    auth: createTestAuth(signedIn()),
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('PaymentSuccessRoute: money', () => {
  it('a refunded order shows the failure screen: reason, order number, the refund and its date, next steps', async () => {
    answer({
      success: false,
      status: 'refunded',
      error: 'We could not prepare your report. The listing site did not answer.',
      order_id: 'ord_42',
      amount: 19.99,
      paid: true,
      refund: { amount: 19.99, refunded_at: '2026-11-23T15:00:00Z' },
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't prepare your report" })).toBeInTheDocument();
    expect(screen.queryByText('Error Loading Results')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The listing site did not answer.');
    expect(screen.getByTestId('order-number')).toHaveTextContent('ord_42');
    expect(screen.getByTestId('order-money')).toHaveTextContent(`Your payment of $19.99 was refunded on November 23, 2026 — ${REFUND_DELAY}.`);
    expect(screen.getByRole('link', { name: 'Try another listing' })).toHaveAttribute('href', '/#optimize');
    const support = screen.getByRole('link', { name: 'Contact support' }).getAttribute('href') ?? '';
    expect(decodeURIComponent(support)).toContain('mailto:help@listinglift.test?subject=ListingLift order ord_42');
  });

  it('with payments off a failed order says nothing was charged, not that money was refunded', async () => {
    answer({
      success: false,
      status: 'refunded',
      error: 'We could not prepare your report. The listing site did not answer.',
      order_id: 'ord_43',
      amount: 19.99,
      paid: true,
      nothing_charged: true,
      refund: { amount: 19.99, refunded_at: '2026-11-23T15:00:00Z', nothing_charged: true },
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't prepare your report" })).toBeInTheDocument();
    expect(screen.getByTestId('order-money')).toHaveTextContent(NOTHING_CHARGED);
    expect(screen.getByTestId('order-ended')).not.toHaveTextContent('$19.99');
    expect(screen.getByTestId('order-ended')).not.toHaveTextContent('refunded on');
  });

  it('with payments off, before the refund is recorded, a failed order says nothing was charged', async () => {
    answer({ success: false, status: 'failed', error: 'We could not prepare your report.', order_id: 'ord_8', amount: 4.99, paid: true, nothing_charged: true, refund: null });
    render();
    expect(await screen.findByTestId('order-money')).toHaveTextContent(NOTHING_CHARGED);
  });

  it('a failed paid order whose refund is on its way says so', async () => {
    answer({ success: false, status: 'failed', error: 'We could not prepare your report.', order_id: 'ord_7', amount: 4.99, paid: true, refund: null });
    render();
    expect(await screen.findByTestId('order-money')).toHaveTextContent('Your payment of $4.99 is being refunded in full; we will e-mail you when it is done.');
  });

  it('an expired checkout says nothing was charged and offers to start again', async () => {
    answer({ success: false, status: 'expired', error: 'Checkout was not completed, so no report was prepared. You have not been charged.', order_id: 'ord_8', amount: 4.99, paid: false, refund: null });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout was not completed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/#optimize');
  });

  it('an unpaid order waits for Stripe without a bar or steps, offers Resume checkout, and promises nothing for a payment not made', async () => {
    vi.useFakeTimers();
    answer({ success: true, status: 'pending', stage: '', progress: 0, package_type: 'basic', paid: false, checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    render();
    await advance(10);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(WAITING_FOR_PAYMENT);
    expect(screen.getByTestId('loading-screen')).toHaveAttribute('data-waiting', 'payment');
    expect(screen.getByTestId('payment-spinner')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByTestId('progress-value')).toBeNull();
    expect(screen.queryAllByTestId('loading-step')).toHaveLength(0);
    expect(screen.getByTestId('loading-note')).toHaveTextContent(WAITING_FOR_PAYMENT_NOTE);
    expect(screen.getByTestId('resume-checkout')).toHaveAttribute('href', 'https://checkout.stripe.com/c/pay/cs_test_1');
    await advance(SLOW_AFTER_MS);
    expect(screen.getByTestId('loading-note')).toHaveTextContent(WAITING_FOR_PAYMENT_SLOW);
    expect(screen.getByTestId('loading-screen')).not.toHaveTextContent(/e-mail|%/);
    expect(slowNote(true)).toContain('arrive by e-mail');
    expect(slowNote(false)).not.toContain('e-mail');
  });

  it('a paid order shows no payment line and no Resume checkout', async () => {
    vi.useFakeTimers();
    answer({ success: true, status: 'processing', stage: 'writing', progress: 60, package_type: 'basic', paid: true });
    render();
    await advance(10);
    expect(screen.getByTestId('loading-screen')).not.toHaveAttribute('data-waiting');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByTestId('resume-checkout')).not.toBeInTheDocument();
  });

  it('a Basic report offers the upgrade for the difference; payments off, the report reloads as Premium', async () => {
    const basic = { ...(GOLDEN_LISBON as Record<string, unknown>), package_type: 'basic' };
    const premium = { ...(GOLDEN_LISBON as Record<string, unknown>), package_type: 'premium' };
    let upgraded = false;
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.endsWith('/create-upgrade-session')) {
        expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({ optimization_id: 'ord_9' });
        upgraded = true;
        return Promise.resolve(Response.json({ success: true, checkout_url: null, optimization_id: 'ord_9' }));
      }
      return Promise.resolve(
        Response.json(
          upgraded
            ? { success: true, status: 'completed', data: premium, order_id: 'ord_9', upgrade: null }
            : { success: true, status: 'completed', data: basic, order_id: 'ord_9', upgrade: { available: true, amount: 15, refund: null } },
        ),
      );
    });
    render();
    const button = await screen.findByRole('button', { name: 'Upgrade to Premium for $15.00' });
    fireEvent.click(button);
    expect(await screen.findByTestId('premium-badge')).toBeInTheDocument();
    expect(screen.queryByTestId('upgrade-offer')).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => (u instanceof Request ? u.url : u.toString()).endsWith('/create-upgrade-session'))).toBe(true);
  });

  it('after a failed upgrade the Basic report says the difference was refunded', async () => {
    answer({
      success: true,
      status: 'completed',
      data: { ...(GOLDEN_LISBON as Record<string, unknown>), package_type: 'basic' },
      order_id: 'ord_10',
      upgrade: {
        available: true,
        amount: 15,
        status: 'refunded',
        failure_reason: 'We could not prepare the Premium report. Your Basic report is unchanged.',
        refund: { amount: 15, refunded_at: '2026-11-23T15:00:00Z' },
      },
    });
    render();
    expect(await screen.findByTestId('upgrade-refunded')).toHaveTextContent(
      `Your Basic report is unchanged. Your upgrade payment of $15.00 was refunded on November 23, 2026 — ${REFUND_DELAY}.`,
    );
  });

  it('with payments off a failed upgrade says nothing was charged for it', async () => {
    answer({
      success: true,
      status: 'completed',
      data: { ...(GOLDEN_LISBON as Record<string, unknown>), package_type: 'basic' },
      order_id: 'ord_11',
      upgrade: {
        available: true,
        amount: 15,
        status: 'refunded',
        failure_reason: 'We could not prepare the Premium report.',
        refund: { amount: 15, refunded_at: '2026-11-23T15:00:00Z', nothing_charged: true },
      },
    });
    render();
    const note = await screen.findByTestId('upgrade-refunded');
    expect(note).toHaveTextContent(NOTHING_CHARGED_UPGRADE);
    expect(note).not.toHaveTextContent('$15.00');
  });
});
