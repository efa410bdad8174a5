import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharedReportPage } from '@/features/report/components/shared-report-page';
import { SHARE_UNAVAILABLE_MESSAGE } from '@/features/report/api/get-shared-report';
import { createTestAuth, signedIn } from '@/testing/auth';
import { renderRoutes, renderWithRouter } from '@/testing/render';
import { GOLDEN_LISBON, GOLDEN_LISBON_RECHECK, SERVED_BEFORE_OVERALL_SCORE } from '@/testing/golden';
import { createSeededRandom } from '@/testing/random';
import { PaymentSuccessRoute } from './payment-success-page';
import { SHARED_HEADING } from '@/features/report/components/results-screen';
import { COPY_FAILED_MESSAGE } from '@/features/orders/components/share-offer';

const CONFIG = { apiBase: '', supportEmail: 'help@listinglift.test' };
const SHARE = { url: '/shared/tok_abc', expires_at: '2026-12-26T10:00:00Z' };

function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : input.toString();
}

/** The owner's report page, with the share calls answered. */
function ownerServer(share: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = urlOf(input);
    const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
    if (url.endsWith('/share') && method === 'POST') return Promise.resolve(Response.json({ success: true, share: SHARE }));
    if (url.endsWith('/share') && method === 'DELETE') return Promise.resolve(Response.json({ success: true }));
    return Promise.resolve(Response.json({ success: true, status: 'completed', data: GOLDEN_LISBON, order_id: 'ord_1', upgrade: null, recheck: null, share }));
  });
}

function renderOwner() {
  return renderWithRouter(<PaymentSuccessRoute random={createSeededRandom(7)} config={CONFIG} />, {
    route: '/payment-success?session_id=ord_1',
    auth: createTestAuth(signedIn()),
  });
}

afterEach(() => vi.restoreAllMocks());

describe('share links, for the owner', () => {
  it('makes a link, shows it with its end date, and stops it', async () => {
    const fetch = ownerServer(null);
    renderOwner();
    const offer = await screen.findByTestId('share-offer');
    expect(offer).toHaveTextContent('no e-mail address, payment or order details');
    expect(offer).toHaveTextContent('30 days');
    fireEvent.click(screen.getByTestId('share-button'));
    const link = await screen.findByTestId('share-link');
    expect(link).toHaveValue(`${window.location.origin}/shared/tok_abc`);
    expect(offer).toHaveTextContent('works until December 26, 2026');
    fireEvent.click(screen.getByTestId('stop-sharing'));
    expect(await screen.findByTestId('share-button')).toBeInTheDocument();
    const calls = fetch.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${urlOf(u)}`);
    expect(calls).toContain('POST /api/optimizations/ord_1/share');
    expect(calls).toContain('DELETE /api/optimizations/ord_1/share');
  });

  it('copies the link, or says to copy it by hand where the clipboard is refused', async () => {
    ownerServer(SHARE);
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderOwner();
    await screen.findByTestId('share-link');
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/shared/tok_abc`);
    fireEvent.click(screen.getByRole('button', { name: 'Copied' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COPY_FAILED_MESSAGE);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('shows the live link the server already has', async () => {
    ownerServer(SHARE);
    renderOwner();
    expect(await screen.findByTestId('share-link')).toHaveValue(`${window.location.origin}/shared/tok_abc`);
  });
});

describe('the shared report page', () => {
  function renderShared() {
    return renderRoutes({ '/shared/:token': <SharedReportPage /> }, { route: '/shared/tok_abc' });
  }

  it('shows the report read-only to a visitor with no account', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        Response.json({ success: true, data: GOLDEN_LISBON_RECHECK, package_type: 'basic', report_date: '2026-11-20T10:00:00Z', shared_until: '2026-12-26T10:00:00Z' }),
      );
    renderShared();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(SHARED_HEADING);
    expect(screen.getByTestId('shared-note')).toHaveTextContent('made on November 20, 2026. This link works until December 26, 2026.');
    expect(screen.getByTestId('comparison')).toBeInTheDocument();
    for (const owner of ['pdf-report', 'recheck-offer', 'upgrade-offer', 'share-offer']) expect(screen.queryByTestId(owner)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Optimize your own listing' })).toBeInTheDocument();
    // The token travels in the body: no API URL (which platform request logs keep) holds it.
    const call = fetch.mock.calls.find(([u]) => urlOf(u) === '/api/shared');
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ token: 'tok_abc' });
    expect(fetch.mock.calls.map(([u]) => urlOf(u)).some((u) => u.includes('tok_abc'))).toBe(false);
  });

  it('shows a report shared before today’s fields existed, as the server serves it', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ success: true, data: SERVED_BEFORE_OVERALL_SCORE, package_type: 'premium', report_date: '2026-11-20T10:00:00Z', shared_until: '2026-12-26T10:00:00Z' }),
    );
    renderShared();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(SHARED_HEADING);
    expect(screen.getByTestId('card-optimization-score-value')).toHaveTextContent('Not assessed');
    expect(screen.queryByTestId('overall-score')).not.toBeInTheDocument();
  });

  it('says the link no longer works once it was stopped or expired', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ success: false, error: SHARE_UNAVAILABLE_MESSAGE }, { status: 404 }));
    renderShared();
    await waitFor(() => expect(screen.getByTestId('shared-error')).toHaveTextContent(SHARE_UNAVAILABLE_MESSAGE));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Shared report unavailable');
  });
});
