import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestAuth, LOADING, SIGNED_OUT, signedIn } from '@/testing/auth';
import { renderWithRouter } from '@/testing/render';
import { type Customer, type ListingHistoryBody, type ListingReport, type OptimizationSummary } from '@/types/api';
import { sampleCustomer } from '../testing/customer';
import { sampleWatch } from '@/testing/watch';
import { DashboardError, DashboardPage } from './dashboard-page';

const customer: Customer = sampleCustomer();

const STATUSES = ['completed', 'pending', 'processing', 'failed', 'refunded'];
const START = Date.parse('2026-01-05T15:04:00Z');

/** Like devseed: 12 records, statuses cycling, each 25 h after the previous, newest first. */
const all: OptimizationSummary[] = Array.from({ length: 12 }, (_, i) => ({
  id: `opt-${i + 1}`,
  listingUrl: `https://www.airbnb.com/rooms/${50000 + i}`,
  listingTitle: `Sample listing ${i + 1}`,
  planType: i % 3 === 2 ? ('premium' as const) : ('basic' as const),
  amount: i % 3 === 2 ? 19.99 : 4.99,
  status: STATUSES[i % STATUSES.length] ?? 'pending',
  createdAt: new Date(START + i * 25 * 3600_000).toISOString(),
  completedAt: null,
  stripeSessionId: i === 0 ? '' : `cs_test_${i + 1}`,
})).reverse();

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/**
 * The API: GET /api/me, GET /api/optimizations (pages of `all`), GET /api/listings (none by
 * default), and `write` for any other method (POST, DELETE).
 */
function mockApi({ me, list, listings, write }: { me?: Handler; list?: Handler; listings?: Handler; write?: Handler } = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if ((init?.method ?? 'GET') !== 'GET') {
      return Promise.resolve(write ? write(url, init) : Response.json({ success: false, error: 'not found' }, { status: 404 }));
    }
    if (url.startsWith('/api/me')) return Promise.resolve(me ? me(url) : Response.json({ success: true, customer }));
    if (url.startsWith('/api/listings')) return Promise.resolve(listings ? listings(url) : Response.json({ success: true, listings: [] }));
    if (url.startsWith('/api/optimizations')) {
      if (list) return Promise.resolve(list(url));
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
      return Promise.resolve(
        Response.json({ success: true, items: all.slice((page - 1) * 5, page * 5), page, pageSize: 5, total: all.length }),
      );
    }
    return Promise.resolve(Response.json({ success: false, error: 'not found' }, { status: 404 }));
  });
}

function nth(elements: HTMLElement[], index: number): HTMLElement {
  const element = elements[index];
  if (!element) throw new Error(`no element ${index}`);
  return element;
}

function nth0(items: OptimizationSummary[]): OptimizationSummary {
  const first = items[0];
  if (!first) throw new Error('no items');
  return first;
}

function renderDashboard(route = '/dashboard', auth = createTestAuth(signedIn())) {
  return renderWithRouter(<DashboardPage />, { route, auth, showLocation: true });
}

describe('DashboardPage', () => {
  it('a free re-check is listed as one, not as $0.00', async () => {
    const recheck: OptimizationSummary = { ...nth0(all), id: 'rc-1', amount: 0, status: 'completed', recheckOf: 'opt-12' };
    mockApi({ list: () => Response.json({ success: true, items: [recheck, ...all.slice(0, 4)], page: 1, pageSize: 5, total: 13 }) });
    renderDashboard();
    const rows = await screen.findAllByTestId('optimization-row');
    expect(nth(rows, 0)).toHaveTextContent('Free re-check');
    expect(nth(rows, 0)).not.toHaveTextContent('$0.00');
    expect(nth(rows, 1)).toHaveTextContent('$');
  });

  it('denies a signed-out visitor', () => {
    const fetch = mockApi();
    renderDashboard('/dashboard', createTestAuth(SIGNED_OUT));
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to view your dashboard')).toBeInTheDocument();
    // Logging in from here comes back here.
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login?next=/dashboard');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('waits for the auth state', () => {
    mockApi();
    renderDashboard('/dashboard', createTestAuth(LOADING));
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
  });

  it('shows a loading state, then the stats from the profile', async () => {
    mockApi();
    renderDashboard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard…');
    const stats = await screen.findByTestId('dashboard-stats');
    expect(within(stats).getByText('Total optimizations').nextSibling).toHaveTextContent('12');
    expect(within(stats).getByText('Account status').nextSibling).toHaveTextContent('Active');
    expect(within(stats).getByText('Member since').nextSibling).toHaveTextContent('November 20, 2025');
    expect(within(stats).getByText('Last login').nextSibling).toHaveTextContent('February 1, 2026');
  });

  it.each([
    [12, 'Every order you started: 12 orders, all paid for.'],
    [11, 'Every order you started, paid or not: 12 orders. Total optimizations counts the 11 you paid for; free re-checks and checkouts not finished are not counted.'],
  ])('with %i paid of 12 orders, says one count per meaning: Total optimizations and what the list holds', async (paid, note) => {
    mockApi({ me: () => Response.json({ success: true, customer: { ...customer, totalOptimizations: paid } }) });
    renderDashboard();
    const stats = await screen.findByTestId('dashboard-stats');
    expect(within(stats).getByText('Total optimizations').nextSibling).toHaveTextContent(String(paid));
    expect(await screen.findByTestId('optimizations-count-note')).toHaveTextContent(note);
    expect(screen.getByRole('heading', { level: 2, name: 'Your optimizations' })).toBeInTheDocument();
    expect(screen.queryByText(/in total/)).toBeNull();
  });

  it('calls an incomplete profile Incomplete', async () => {
    mockApi({ me: () => Response.json({ success: true, customer: { ...customer, profileComplete: false } }) });
    renderDashboard();
    const stats = await screen.findByTestId('dashboard-stats');
    expect(within(stats).getByText('Account status').nextSibling).toHaveTextContent('Incomplete');
  });

  it('sends the ID token with its calls', async () => {
    const fetch = mockApi();
    renderDashboard();
    await screen.findByTestId('dashboard-stats');
    for (const [, init] of fetch.mock.calls) expect(init?.headers).toMatchObject({ Authorization: 'Bearer test-id-token' });
  });

  it('lists 5 per page, newest first, with "Showing x to y of n results" and page controls', async () => {
    const fetch = mockApi();
    renderDashboard();
    const rows = await screen.findAllByTestId('optimization-row');
    expect(rows).toHaveLength(5);
    expect(within(nth(rows, 0)).getByRole('link', { name: 'Sample listing 12' })).toHaveAttribute(
      'href',
      '/payment-success?session_id=cs_test_12',
    );
    expect(screen.getByTestId('results-summary')).toHaveTextContent('Showing 1 to 5 of 12 results');
    expect(fetch).toHaveBeenCalledWith('/api/optimizations?page=1', expect.anything());

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).queryByRole('link', { name: /Previous/ })).toBeNull(); // disabled on page 1
    expect(within(nav).getByText('Previous').closest('[aria-disabled]')).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/dashboard?page=3');

    const user = userEvent.setup();
    await user.click(within(nav).getByRole('link', { name: /Next/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard?page=2');
    expect(await screen.findByText('Showing 6 to 10 of 12 results')).toBeInTheDocument();
    expect(screen.getAllByTestId('optimization-row')[0]).toHaveTextContent('Sample listing 7');
  });

  it('asks for the next page from where this one ended (its cursor), so only that page is read', async () => {
    const fetch = mockApi({
      list: (url) => {
        const params = new URL(url, 'http://x').searchParams;
        const page = Number(params.get('page') ?? '1');
        const after = params.get('after');
        if (page > 1 && after !== `cursor-after-page-${page - 1}`) {
          return Response.json({ success: false, error: 'expected the cursor' }, { status: 400 });
        }
        return Response.json({
          success: true,
          items: all.slice((page - 1) * 5, page * 5),
          page,
          pageSize: 5,
          total: all.length,
          ...(page * 5 < all.length ? { nextCursor: `cursor-after-page-${page}` } : {}),
        });
      },
    });
    renderDashboard();
    await screen.findAllByTestId('optimization-row');
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    await user.click(within(nav).getByRole('link', { name: /Next/ }));
    expect(await screen.findByText('Showing 6 to 10 of 12 results')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/optimizations?page=2&after=cursor-after-page-1', expect.anything());
    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: /Next/ }));
    expect(await screen.findByText('Showing 11 to 12 of 12 results')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/optimizations?page=3&after=cursor-after-page-2', expect.anything());
  });

  it('reads the page from the URL; the last page is short and has no Next', async () => {
    mockApi();
    renderDashboard('/dashboard?page=3');
    expect(await screen.findByText('Showing 11 to 12 of 12 results')).toBeInTheDocument();
    const rows = screen.getAllByTestId('optimization-row');
    expect(rows.map((r) => within(r).getAllByRole('link')[0]?.textContent)).toEqual(['Sample listing 2', 'Sample listing 1']);
    // No checkout session id: the row opens the report by its id.
    expect(within(nth(rows, 1)).getByRole('link')).toHaveAttribute('href', '/payment-success?session_id=opt-1');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).queryByRole('link', { name: /Next/ })).toBeNull();
    expect(within(nav).getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/dashboard?page=2');
  });

  it('colours each status: completed green, pending and processing amber, failed red, others grey', async () => {
    mockApi({
      list: () =>
        Response.json({
          success: true,
          items: ['completed', 'pending', 'processing', 'failed', 'refunded'].map((status, i) => ({ ...all[i], status })),
          page: 1,
          pageSize: 5,
          total: 5,
        }),
    });
    renderDashboard();
    await screen.findAllByTestId('optimization-row');
    const badges = screen.getAllByTestId('status-badge');
    expect(badges.map((b) => [b.dataset.status, b.dataset.tone, b.textContent])).toEqual([
      ['completed', 'green', 'Completed'],
      ['pending', 'amber', 'Pending'],
      ['processing', 'amber', 'Processing'],
      ['failed', 'red', 'Failed'],
      ['refunded', 'grey', 'Refunded'],
    ]);
    expect(badges[0]).toHaveClass('bg-green-100');
    expect(badges[1]).toHaveClass('bg-amber-100');
    expect(badges[3]).toHaveClass('bg-red-100');
    expect(badges[4]).toHaveClass('bg-slate-100');
    // One page: the line shows, the controls do not.
    expect(screen.getByText('Showing 1 to 5 of 5 results')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('labels a failed order that moved no money "Not charged", not "Refunded" (payments off)', async () => {
    const refund = { amount: 19.99, refunded_at: '2026-01-17T10:00:00Z' };
    mockApi({
      list: () =>
        Response.json({
          success: true,
          items: [
            { ...all[0], status: 'refunded', refund: { ...refund, nothing_charged: true } },
            { ...all[1], status: 'refunded', refund },
          ],
          page: 1,
          pageSize: 5,
          total: 2,
        }),
    });
    renderDashboard();
    await screen.findAllByTestId('optimization-row');
    expect(screen.getAllByTestId('status-badge').map((b) => b.textContent)).toEqual(['Not charged', 'Refunded']);
  });

  it('shows dates in US English', async () => {
    mockApi();
    renderDashboard();
    const dates = (await screen.findAllByTestId('optimization-date')).map((d) => d.textContent);
    // Sample listing 12 was created 11 × 25 h after 2026-01-05T15:04Z (UTC in tests).
    expect(dates[0]).toBe('Created January 17, 2026');
    expect(dates[4]).toBe('Created January 12, 2026');
  });

  it('shows the empty state, leading to the optimize form', async () => {
    mockApi({ list: () => Response.json({ success: true, items: [], page: 1, pageSize: 5, total: 0 }) });
    renderDashboard();
    const empty = await screen.findByTestId('optimizations-empty');
    expect(within(empty).getByText('No optimizations yet')).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: /Optimize a listing/ })).toHaveAttribute('href', '/#optimize');
  });

  it('says the list failed to load, with Try Again, never "No optimizations yet" (SPEC audit)', async () => {
    let calls = 0;
    mockApi({
      list: () => {
        calls += 1;
        return calls === 1
          ? Response.json({ success: false, error: 'The store is not answering.' }, { status: 500 })
          : Response.json({ success: true, items: all.slice(0, 5), page: 1, pageSize: 5, total: all.length });
      },
    });
    renderDashboard();
    const error = await screen.findByTestId('optimizations-error');
    expect(within(error).getByRole('alert')).toHaveTextContent(/^Your optimizations could not be loaded\. The store is not answering\.$/);
    expect(screen.queryByText('No optimizations yet')).toBeNull();
    expect(screen.getByTestId('dashboard-stats')).toBeInTheDocument();
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('optimization-row')).toHaveLength(5);
    expect(screen.queryByTestId('optimizations-error')).toBeNull();
  });

  it('shows "Error Loading Dashboard" with the message when the profile fails', async () => {
    mockApi({ me: () => Response.json({ success: false, error: 'No profile yet: sign in again to create it.' }, { status: 404 }) });
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Error Loading Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No profile yet: sign in again to create it.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('falls back to "Failed to load customer data" when the server gives no message', async () => {
    mockApi({ me: () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load customer data$/);
  });

  it('says so when the server cannot be reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach ListingLift. Check your connection and try again.');
  });

  it('Try Again reloads the page', async () => {
    const onRetry = vi.fn();
    const user = userEvent.setup();
    renderWithRouter(<DashboardError message="" onRetry={onRetry} />);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

function report(id: string, createdAt: string, overallScore: number | null, recheckOf?: string): ListingReport {
  return { id, stripeSessionId: recheckOf ? '' : `cs_${id}`, planType: 'basic', createdAt, overallScore, ...(recheckOf ? { recheckOf } : {}) };
}

/** GET /api/listings as the server answers it: the listing reported on most recently first, reports oldest first. */
const LISTINGS: ListingHistoryBody[] = [
  {
    listingUrl: 'https://www.airbnb.com/rooms/48123456',
    listingTitle: 'Lisbon loft with river view',
    reports: [
      report('ord_a', '2026-11-16T10:00:00Z', 52),
      report('rc_a1', '2026-11-30T10:00:00Z', 63, 'ord_a'),
      report('rc_a2', '2026-12-05T10:00:00Z', 71, 'ord_a'),
    ],
    recheck: { available: true, used: 2, limit: 3, ends_at: '2026-12-16T10:00:00Z', of: 'ord_a', is_recheck: false },
  },
  {
    listingUrl: 'https://www.airbnb.com/rooms/777',
    listingTitle: 'Porto flat',
    reports: [report('ord_b', '2026-10-01T10:00:00Z', 80), report('rc_b1', '2026-10-03T10:00:00Z', null, 'ord_b'), report('rc_b2', '2026-10-09T10:00:00Z', 74, 'ord_b')],
    recheck: { available: false, used: 3, limit: 3, ends_at: '2026-10-31T10:00:00Z', of: 'ord_b', is_recheck: false },
  },
  {
    listingUrl: 'https://www.airbnb.com/rooms/888',
    listingTitle: '  ',
    reports: [report('ord_c', '2026-09-01T10:00:00Z', 45)],
    recheck: null,
  },
  {
    listingUrl: 'https://www.airbnb.com/rooms/999',
    listingTitle: 'Madrid studio',
    reports: [report('ord_d', '2026-08-01T10:00:00Z', null)],
    recheck: null,
  },
];

function listingsAnswer(listings: ListingHistoryBody[] = LISTINGS): Handler {
  return () => Response.json({ success: true, listings });
}

describe('DashboardPage: your listings (issue 18)', () => {
  it('shows one card per listing with its score trend, its reports and the re-check left, above the order list', async () => {
    mockApi({ listings: listingsAnswer() });
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Your listings' });
    const cards = await within(section).findAllByTestId('listing-card');
    expect(cards).toHaveLength(4);
    const [up, down, single, unscored] = cards.map((c) => within(c));
    if (!up || !down || !single || !unscored) throw new Error('4 cards');

    // Up: title, address as the rows show it, the sentence and the sparkline's text.
    expect(up.getByRole('heading', { level: 3 })).toHaveTextContent('Lisbon loft with river view');
    expect(up.getByText('airbnb.com/rooms/48123456')).toBeInTheDocument();
    expect(up.getByTestId('score-trend')).toHaveTextContent('Listing score 71/100 · up 19 since your first report on November 16, 2026');
    expect(up.getByRole('img', { name: 'Listing score over time: 52, 63, 71' })).toBeInTheDocument();
    const links = up.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Report·November 16, 2026', 'Re-check·November 30, 2026', 'Re-check·December 5, 2026']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/payment-success?session_id=cs_ord_a',
      '/payment-success?session_id=rc_a1',
      '/payment-success?session_id=rc_a2',
    ]);
    expect(up.getByRole('button', { name: 'Re-check my listing' })).toHaveAccessibleDescription(
      'Lisbon loft with river view 1 of 3 free re-checks left, until December 16, 2026.',
    );

    // Down, a report without a score left out of the trend; re-checks used up: no button.
    expect(down.getByTestId('score-trend')).toHaveTextContent('Listing score 74/100 · down 6 since your first report on October 1, 2026');
    expect(down.getByRole('img', { name: 'Listing score over time: 80, 74' })).toBeInTheDocument();
    expect(down.getAllByRole('link')).toHaveLength(3);
    expect(down.queryByRole('button')).toBeNull();

    // One report, no title.
    expect(single.getByRole('heading', { level: 3 })).toHaveTextContent('Untitled listing');
    expect(single.getByTestId('score-trend')).toHaveTextContent(/^Listing score 45\/100 · 1 report so far$/);
    expect(single.getByRole('img', { name: 'Listing score over time: 45' })).toBeInTheDocument();

    // No score at all: nothing said about scores.
    expect(unscored.queryByTestId('score-trend')).toBeNull();
    expect(unscored.queryByRole('img')).toBeNull();
    expect(unscored.getByRole('link')).toHaveTextContent('Report·August 1, 2026');

    // Above the order history, which is unchanged.
    const orders = screen.getByRole('region', { name: /Your optimizations/ });
    expect(section.compareDocumentPosition(orders) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(orders).findAllByTestId('optimization-row')).toHaveLength(5);
  });

  it('Re-check my listing re-checks the bought report and opens the new report', async () => {
    const fetch = mockApi({
      listings: listingsAnswer(),
      write: () => Response.json({ success: true, optimization_id: 'rc_new', recheck_of: 'ord_a' }),
    });
    renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Re-check my listing' }));
    expect(await screen.findByText('/payment-success?session_id=rc_new')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/optimizations/ord_a/recheck', expect.objectContaining({ method: 'POST', body: '{}' }));
  });

  it("a refused re-check shows the server's reason on its card", async () => {
    const reason = 'Your report is 31 days old: its free re-checks have ended.';
    mockApi({ listings: listingsAnswer(), write: () => Response.json({ success: false, error: reason }, { status: 409 }) });
    renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Re-check my listing' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(reason);
    expect(alert.closest('[data-testid="listing-card"]')).toHaveTextContent('Lisbon loft with river view');
    expect(screen.getByRole('button', { name: 'Re-check my listing' })).toBeEnabled();
  });

  it('is hidden when the host has no listings', async () => {
    const fetch = mockApi();
    renderDashboard();
    expect(await screen.findAllByTestId('optimization-row')).toHaveLength(5);
    await waitFor(() => expect(screen.queryByTestId('listings-section')).toBeNull());
    expect(fetch).toHaveBeenCalledWith('/api/listings', expect.anything());
    expect(screen.queryByRole('heading', { name: 'Your listings' })).toBeNull();
  });

  it('shows no loading state to a host who has bought nothing', async () => {
    mockApi({ me: () => Response.json({ success: true, customer: { ...customer, totalOptimizations: 0 } }) });
    renderDashboard();
    await screen.findByTestId('dashboard-stats');
    expect(screen.queryByTestId('listings-section')).toBeNull();
    expect(await screen.findAllByTestId('optimization-row')).toHaveLength(5);
    expect(screen.queryByTestId('listings-section')).toBeNull();
  });

  it('a failed load says so in its own section, leaves the order list working, and Try Again loads it again', async () => {
    let calls = 0;
    mockApi({
      listings: () => (++calls === 1 ? Response.json({ success: false, error: 'The listings are resting.' }, { status: 500 }) : listingsAnswer()('')),
    });
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Your listings' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Your listings could not be loaded. The listings are resting.');
    // The order list and its paging work as before.
    expect(await screen.findAllByTestId('optimization-row')).toHaveLength(5);
    expect(screen.getByTestId('results-summary')).toHaveTextContent('Showing 1 to 5 of 12 results');
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: /Next/ }));
    expect(await screen.findByText('Showing 6 to 10 of 12 results')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Try Again' }));
    expect(await within(section).findAllByTestId('listing-card')).toHaveLength(4);
    expect(within(section).queryByRole('alert')).toBeNull();
  });
});

describe('DashboardPage: Stop sharing (issue 18)', () => {
  const shared: OptimizationSummary = { ...nth0(all), status: 'completed', sharedUntil: '2027-01-05T12:00:00Z' };

  it('a shared report says until when; Stop sharing ends the link and reloads the list', async () => {
    let reads = 0;
    const fetch = mockApi({
      list: () => {
        reads += 1;
        const first = reads === 1 ? shared : { ...shared, sharedUntil: undefined };
        return Response.json({ success: true, items: [first, ...all.slice(1, 5)], page: 1, pageSize: 5, total: 12 });
      },
      write: () => Response.json({ success: true }),
    });
    renderDashboard();
    const rows = await screen.findAllByTestId('optimization-row');
    const row = within(nth(rows, 0));
    expect(row.getByTestId('shared-until')).toHaveTextContent('Shared until January 5, 2027');
    expect(within(nth(rows, 1)).queryByTestId('shared-until')).toBeNull();
    const user = userEvent.setup();
    await user.click(row.getByRole('button', { name: 'Stop sharing the report for Sample listing 12' }));
    expect(fetch).toHaveBeenCalledWith('/api/optimizations/opt-12/share', expect.objectContaining({ method: 'DELETE' }));
    await waitFor(() => expect(screen.queryByTestId('shared-until')).toBeNull());
    expect(reads).toBe(2);
    expect(screen.queryByRole('button', { name: /Stop sharing/ })).toBeNull();
  });

  it('a failed Stop sharing says why and keeps the button', async () => {
    mockApi({
      list: () => Response.json({ success: true, items: [shared], page: 1, pageSize: 5, total: 1 }),
      write: () => Response.json({ success: false, error: 'We could not reach the store. Try again in a minute.' }, { status: 503 }),
    });
    renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Stop sharing/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the store. Try again in a minute.');
    expect(screen.getByRole('button', { name: /Stop sharing/ })).toBeEnabled();
    expect(screen.getByTestId('shared-until')).toBeInTheDocument();
  });
});

describe('DashboardPage: Watch (issue 45)', () => {
  const watched: ListingHistoryBody = {
    listingUrl: 'https://www.airbnb.com/rooms/48123456',
    listingTitle: 'Sunny loft by the river',
    reports: [{ id: 'opt-premium', stripeSessionId: 'cs_premium', planType: 'premium', createdAt: '2026-11-24T10:00:00Z', overallScore: 70 }],
    recheck: null,
    watch: sampleWatch(),
  };

  it('shows the watch on its listing’s card: state, weeks, chart and timeline; Pause pauses it', async () => {
    const fetch = mockApi({
      listings: listingsAnswer([watched, ...LISTINGS.slice(1, 2)]),
      write: () => Response.json({ success: true, watch: sampleWatch({ state: 'paused', nextCheckAt: null, canResume: true }) }),
    });
    renderDashboard();
    const cards = await screen.findAllByTestId('listing-card');
    const [card, other] = cards.map((c) => within(c));
    if (!card || !other) throw new Error('2 cards');
    expect(card.getByRole('heading', { level: 4, name: 'Watch' })).toBeInTheDocument();
    expect(card.getByTestId('watch-status')).toHaveTextContent('Watching · 9 of 12 weeks left · next check December 22, 2026');
    expect(card.getAllByTestId('watch-week')).toHaveLength(3);
    expect(card.getByRole('img', { name: /Your nightly price against your comparables' median over 2 weeks/ })).toBeInTheDocument();
    // A listing without a watch shows none.
    expect(other.queryByTestId('watch-panel')).toBeNull();

    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(card.getByTestId('watch-status')).toHaveTextContent('Paused · 9 of 12 weeks left'));
    expect(fetch).toHaveBeenCalledWith('/api/optimizations/opt-premium/watch', expect.objectContaining({ method: 'POST', body: '{"action":"pause"}' }));
  });
});
