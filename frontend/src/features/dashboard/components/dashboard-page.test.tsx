import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestAuth, LOADING, SIGNED_OUT, signedIn } from '@/testing/auth';
import { renderWithRouter } from '@/testing/render';
import { type Customer, type OptimizationSummary } from '@/types/api';
import { sampleCustomer } from '../testing/customer';
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

type Handler = (url: string) => Response | Promise<Response>;

function mockApi({ me, list }: { me?: Handler; list?: Handler } = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('/api/me')) return Promise.resolve(me ? me(url) : Response.json({ success: true, customer }));
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

  it('shows an empty list when the list fails to load (SPEC §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ list: () => Response.json({ success: false, error: 'boom' }, { status: 500 }) });
    renderDashboard();
    expect(await screen.findByTestId('optimizations-empty')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-stats')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
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
