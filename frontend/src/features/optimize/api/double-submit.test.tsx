import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestAuth, signedIn } from '@/testing/auth';
import { renderRoutes } from '@/testing/render';
import { OptimizePanel } from '../components/optimize-panel';
import { checkoutNavigation } from '../navigation';
import { CHECKOUT_URL, checkoutAnswer, mockApiFetch } from '../testing/api-fetch';
import { SAMPLE_URL } from '../testing/scrape-fetch';

/**
 * Issue 43: submitting twice made two identical pending orders. The form sends one
 * create-checkout-session while one is on its way, however it is asked again (a double click,
 * Enter), and keeps the button disabled until it has an answer; the server reuses an order
 * whose checkout is still open for a repeat that gets through (backend/orders Start).
 */

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const submitButton = () => screen.getByRole('button', { name: /Optimize My Listing|Redirecting/ });
const theForm = () => {
  const form = submitButton().closest('form');
  if (!form) throw new Error('the button is outside a form');
  return form;
};

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('submitting twice', () => {
  it('sends one checkout request for a double click and an Enter, with the button disabled meanwhile', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    // No answer yet: the first request stays on its way.
    const { of } = mockApiFetch();
    renderRoutes({ '/': <OptimizePanel /> }, { auth: createTestAuth(signedIn()) });
    fireEvent.change(screen.getByLabelText('Listing URL'), { target: { value: SAMPLE_URL } });

    const button = submitButton();
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(theForm());
    await wait(0);
    expect(of('/create-checkout-session')).toHaveLength(1);
    expect(submitButton()).toBeDisabled();

    of('/create-checkout-session')[0]?.respond(checkoutAnswer(CHECKOUT_URL));
    await wait(0);
    expect(assign).toHaveBeenCalledOnce();
    // On its way to the checkout the button stays disabled: no second order from here either.
    expect(submitButton()).toBeDisabled();
    fireEvent.submit(theForm());
    await wait(0);
    expect(of('/create-checkout-session')).toHaveLength(1);
  });
});
