import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestAuth, signedIn } from '@/testing/auth';
import { renderWithRouter } from '@/testing/render';
import { GOLDEN_LISBON, GOLDEN_LISBON_RECHECK } from '@/testing/golden';
import { createSeededRandom } from '@/testing/random';
import { PaymentSuccessRoute } from './payment-success-page';
import { changeText } from '@/features/report/components/sections/comparison';

const CONFIG = { apiBase: '', supportEmail: 'help@listinglift.test' };
const OFFER = { available: true, used: 1, limit: 3, ends_at: '2026-12-26T10:00:00Z', of: 'ord_1', is_recheck: true };

function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : input.toString();
}

/** The server: the report's answer, and the re-check call's (status and body). */
function server(data: unknown, recheck: unknown, recheckAnswer: { status: number; body: unknown }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    if (urlOf(input).endsWith('/recheck')) return Promise.resolve(Response.json(recheckAnswer.body, { status: recheckAnswer.status }));
    return Promise.resolve(Response.json({ success: true, status: 'completed', data, order_id: 'rc_1', upgrade: null, recheck }));
  });
}

function render() {
  return renderWithRouter(<PaymentSuccessRoute random={createSeededRandom(7)} config={CONFIG} />, {
    route: '/payment-success?session_id=rc_1',
    auth: createTestAuth(signedIn()),
    showLocation: true,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('re-checks', () => {
  it("a re-check's results open with what changed, from the engine's comparison", async () => {
    server(GOLDEN_LISBON_RECHECK, OFFER, { status: 200, body: {} });
    render();
    const section = await screen.findByTestId('comparison');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your re-check is ready');
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('What changed since your report of March 2, 2026');
    expect(screen.getByTestId('comparison-overall')).toHaveTextContent('Listing score62 → 64+2');
    const listing = screen.getByTestId('comparison-listing');
    expect(listing).toHaveTextContent('Photos4 → 7 +3');
    expect(listing).toHaveTextContent('added Air conditioning');
    expect(listing).toHaveTextContent('Alfama loft with river-view terrace, 2 bedrooms, tram at the door');
    expect(listing).toHaveTextContent('Descriptionunchanged (54 words)');
    expect(screen.getByTestId('comparison-sections')).toHaveTextContent('Photos');
    expect(section).toHaveTextContent("Your first report's actions: 2 of 11 done");
    const actions = within(screen.getByTestId('comparison-actions')).getAllByRole('listitem');
    expect(actions.map((a) => a.dataset.progress)).toContain('partly done');
    // It comes before the report itself.
    const score = screen.getByTestId('overall-score');
    expect(section.compareDocumentPosition(score) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a bought report has no comparison, and offers the re-check with what is left', async () => {
    server(GOLDEN_LISBON, { ...OFFER, used: 0, is_recheck: false }, { status: 200, body: {} });
    render();
    const offer = await screen.findByTestId('recheck-offer');
    expect(screen.queryByTestId('comparison')).not.toBeInTheDocument();
    expect(offer).toHaveTextContent('Made the changes?');
    expect(offer).toHaveTextContent('3 of 3 free re-checks left, until December 26, 2026.');
  });

  it('Re-check my listing re-checks the bought report and opens the new report', async () => {
    const fetch = server(GOLDEN_LISBON_RECHECK, OFFER, { status: 200, body: { success: true, optimization_id: 'rc_2', recheck_of: 'ord_1' } });
    render();
    expect(await screen.findByTestId('recheck-offer')).toHaveTextContent('2 of 3 free re-checks left');
    fireEvent.click(screen.getByTestId('recheck-button'));
    // The whole re-check report renders first: on a loaded machine that takes over a second.
    expect(await screen.findByText('/payment-success?session_id=rc_2', undefined, { timeout: 5000 })).toBeInTheDocument();
    const call = fetch.mock.calls.find(([u]) => urlOf(u).endsWith('/recheck'));
    expect(call && urlOf(call[0])).toMatch(/\/api\/optimizations\/ord_1\/recheck$/);
  });

  it('after Re-check my listing the host lands on what changed: its heading focused and scrolled to the top', async () => {
    server(GOLDEN_LISBON, { ...OFFER, used: 0, is_recheck: false }, { status: 200, body: { success: true, optimization_id: 'rc_2', recheck_of: 'ord_1' } });
    const scrolled = vi.spyOn(window, 'scrollTo');
    render();
    fireEvent.click(await screen.findByTestId('recheck-button'));
    await screen.findByText('/payment-success?session_id=rc_2', undefined, { timeout: 5000 });
    // The mock answers every session with the bought report's data: the new page's report is
    // the bought one again, so the landing is on its heading (the page's top).
    const heading = await screen.findByRole('heading', { level: 1, name: /listing optimization is ready/ });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrolled).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('a re-check report arriving after the wait lands on "What changed", without motion when the host asked for less', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    server(GOLDEN_LISBON_RECHECK, OFFER, { status: 200, body: {} });
    render();
    const section = await screen.findByTestId('comparison');
    const heading = within(section).getByRole('heading', { level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrolled.mock.contexts.at(-1)).toBe(heading);
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'start', behavior: 'auto' });
  });

  it("a refused re-check shows the server's reason", async () => {
    const reason = 'You have used the 3 free re-checks of this report. A new report reads your listing again and gives you a fresh set of actions.';
    server(GOLDEN_LISBON_RECHECK, OFFER, { status: 409, body: { success: false, error: reason } });
    render();
    fireEvent.click(await screen.findByTestId('recheck-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
  });

  it('no offer once the re-checks are used up', async () => {
    server(GOLDEN_LISBON_RECHECK, { ...OFFER, available: false, used: 3 }, { status: 200, body: {} });
    render();
    await screen.findByTestId('comparison');
    expect(screen.queryByTestId('recheck-offer')).not.toBeInTheDocument();
  });

  it('a failed re-check says it was free and leads back to the report', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        Response.json({
          success: false,
          status: 'failed',
          error: "We could not prepare your report. We couldn't find that listing.",
          order_id: 'rc_1',
          amount: 0,
          paid: false,
          refund: null,
          recheck_of: 'ord_1',
        }),
      ),
    );
    render();
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't finish the re-check" })).toBeInTheDocument();
    expect(screen.getByTestId('order-money')).toHaveTextContent('Re-checks are free: nothing was charged, and your report is as it was.');
    expect(screen.getByRole('link', { name: 'Back to your report' })).toHaveAttribute('href', '/payment-success?session_id=ord_1');
    expect(screen.queryByText(/refunded/)).not.toBeInTheDocument();
  });

  it('changes read as a host would say them', () => {
    expect(changeText({ before: 49, after: 51 })).toBe('+2');
    expect(changeText({ before: 7, after: 4 })).toBe('−3');
    expect(changeText({ before: 5, after: 5 })).toBe('no change');
  });
});
