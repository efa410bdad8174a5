import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuthContextValue } from '@/lib/auth/context';
import { createTestAuth, LOADING, SIGNED_OUT, signedIn } from '@/testing/auth';
import { renderWithRouter } from '@/testing/render';
import {
  BASIC_DURATION_NOTE,
  LOADING_STEPS,
  NO_MODEL_FIRST_STEP,
  MAX_POLL_DURATION_MS,
  nextProgress,
  POLL_INTERVAL_MS,
  PROGRESS_CAP,
  PROGRESS_TICK_MS,
  STEP_ROTATION_MS,
} from '@/features/orders/loading';
import { GOLDEN_ALBANY, GOLDEN_LISBON, GOLDEN_SPARSE, SERVED_FIRST_REPORTS } from '@/testing/golden';
import { createSeededRandom } from '@/testing/random';
import { sampleWatch } from '@/testing/watch';
import { PaymentSuccessRoute } from './payment-success-page';
import { PDF_LINK_COMING_MESSAGE, PDF_PREPARING_MESSAGE } from '@/lib/messages';

const SEED = 1234;
const CONFIG = { apiBase: '', supportEmail: 'help@listinglift.test' };

type Answer = Response | Error | (() => Response | Promise<Response>);

/** Mocks fetch with a sequence of answers to the result call; the last one repeats. */
function mockResults(...answers: Answer[]) {
  let call = 0;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    if (answer instanceof Error) return Promise.reject(answer);
    if (typeof answer === 'function') return Promise.resolve(answer());
    // A Response body can be read once: hand out a copy.
    return Promise.resolve(answer ? answer.clone() : Response.json({ success: false }, { status: 500 }));
  });
}

const running = (fields: Record<string, unknown> = {}) =>
  Response.json({ success: true, status: 'processing', stage: 'queued', progress: 0, package_type: 'premium', ...fields });
const completed = (data: unknown) => Response.json({ success: true, status: 'completed', data });

function renderSuccess(route = '/payment-success?session_id=cs_test_1', auth: AuthContextValue = createTestAuth(signedIn())) {
  return renderWithRouter(<PaymentSuccessRoute random={createSeededRandom(SEED)} config={CONFIG} />, { route, auth });
}

/** Lets the fake clock run (and pending promises settle) inside act(). */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function progressValue(): number {
  return Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
}

function activeStep(): string | undefined {
  return screen
    .getAllByTestId('loading-step')
    .find((step) => step.dataset.state === 'active')
    ?.querySelector('span > span')?.textContent ?? undefined;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('PaymentSuccessRoute: the form kept during checkout', () => {
  const kept = { listingUrl: 'https://www.airbnb.com/rooms/777', email: 'a@example.com', title: '', description: '', selectedPlan: 'basic' };

  it('is dropped once the host is back with a session: the payment went through', () => {
    localStorage.setItem('pendingOptimization', JSON.stringify({ ...kept, resume: 'form' }));
    mockResults(running());
    renderSuccess();
    expect(localStorage.getItem('pendingOptimization')).toBeNull();
  });

  it('leaves a sign-in draft alone', () => {
    localStorage.setItem('pendingOptimization', JSON.stringify(kept));
    mockResults(running());
    renderSuccess();
    expect(localStorage.getItem('pendingOptimization')).not.toBeNull();
    localStorage.clear();
  });
});

describe('PaymentSuccessRoute: before the poll', () => {
  it('says "No session ID found." without a session_id, and asks nothing of the server', () => {
    const fetch = mockResults(running());
    renderSuccess('/payment-success');
    expect(screen.getByRole('heading', { level: 1, name: 'Error Loading Results' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^No session ID found\.$/);
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    // …and what to do: the host's reports are on the dashboard.
    expect(screen.getByTestId('results-error-hint')).toHaveTextContent('Every report you ordered is listed on your Dashboard');
    expect(screen.getByRole('link', { name: 'View Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('treats a blank session_id as missing', () => {
    mockResults(running());
    renderSuccess('/payment-success?session_id=%20');
    expect(screen.getByRole('alert')).toHaveTextContent('No session ID found.');
  });

  it('shows the loading screen while the auth state loads, without polling', async () => {
    vi.useFakeTimers();
    const fetch = mockResults(running());
    renderSuccess(undefined, createTestAuth(LOADING));
    expect(screen.getByRole('heading', { level: 1, name: 'Creating Your Optimization Report' })).toBeInTheDocument();
    await advance(POLL_INTERVAL_MS * 3);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to log in', () => {
    const fetch = mockResults(running());
    renderSuccess(undefined, createTestAuth(SIGNED_OUT));
    expect(screen.getByRole('heading', { level: 1, name: 'Log in to see your report' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/open this report from your Dashboard/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('PaymentSuccessRoute: loading screen', () => {
  it('polls with the ID token every 2 s until completed, then stops', async () => {
    vi.useFakeTimers();
    const fetch = mockResults(running(), running({ stage: 'analyzing', progress: 30 }), completed(GOLDEN_SPARSE));
    renderSuccess('/payment-success?session_id=cs_test_abc');
    await advance(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      '/api/get-optimization-result/cs_test_abc',
      expect.objectContaining({
        headers: expect.objectContaining({ Authorization: 'Bearer test-id-token', Accept: 'application/json', 'Content-Type': 'application/json' }) as unknown,
      }),
    );
    await advance(POLL_INTERVAL_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await advance(POLL_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Basic listing optimization is ready' })).toBeInTheDocument();
    await advance(POLL_INTERVAL_MS * 5);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('stops polling when the page goes away', async () => {
    vi.useFakeTimers();
    const fetch = mockResults(running());
    const { unmount } = renderSuccess();
    await advance(POLL_INTERVAL_MS * 2);
    const calls = fetch.mock.calls.length;
    unmount();
    await advance(POLL_INTERVAL_MS * 5);
    expect(fetch.mock.calls.length).toBe(calls);
  });

  it('shows the plan, the 60-second note, What’s Included and the hosts’ claim', async () => {
    vi.useFakeTimers();
    mockResults(running({ package_type: 'premium' }));
    renderSuccess();
    expect(screen.queryByTestId('loading-plan')).toBeNull(); // not known before the first answer
    await advance(0);
    expect(screen.getByTestId('loading-plan')).toHaveTextContent('Premium Package');
    expect(screen.getByRole('heading', { level: 1, name: 'Creating Your Optimization Report' })).toBeInTheDocument();
    expect(screen.getByText(/Premium optimization can take up to 60 seconds/)).toBeInTheDocument();
    const included = within(screen.getByTestId('whats-included')).getAllByRole('listitem').map((li) => li.textContent);
    expect(included).toEqual(expect.arrayContaining(['Title Suggestions', 'Downloadable PDF report', 'Market analytics for your area']));
    expect(screen.getByTestId('loading-claim')).toHaveTextContent(/8\.98% higher occupancy on average \(Zhang et al\., Management Science, 2022\)/);
    expect(screen.getAllByTestId('loading-step')).toHaveLength(6);
  });

  it('names the Basic plan when the server says basic', async () => {
    vi.useFakeTimers();
    mockResults(running({ package_type: 'basic' }));
    renderSuccess();
    await advance(0);
    expect(screen.getByTestId('loading-plan')).toHaveTextContent('Basic Package');
    expect(screen.getByRole('heading', { level: 1, name: 'Creating Your Basic Report' })).toBeInTheDocument();
    expect(screen.getByTestId('loading-note')).toHaveTextContent(BASIC_DURATION_NOTE);
    expect(screen.getAllByTestId('loading-step').map((step) => step.textContent)).not.toContain(expect.stringMatching(/Market Research|PDF/));
    expect(screen.getAllByTestId('loading-step')).toHaveLength(4);
    expect(within(screen.getByTestId('whats-included')).queryByText('Downloadable PDF report')).toBeNull();
    expect(screen.getByTestId('loading-screen')).not.toHaveTextContent(/Premium|60 seconds|e-mail/);
  });

  it('grows the bar by a random 0–15 every 0.8 s and holds it at 95 until done', async () => {
    vi.useFakeTimers();
    mockResults(running({ progress: 0 }));
    renderSuccess();
    await advance(0);
    expect(progressValue()).toBe(0);

    const expected = createSeededRandom(SEED);
    let value = 0;
    for (let tick = 0; tick < 5; tick += 1) {
      await advance(PROGRESS_TICK_MS - 1);
      expect(progressValue()).toBe(Math.round(value));
      await advance(1);
      value = nextProgress(value, expected, 0);
      expect(progressValue()).toBe(Math.round(value));
    }
    await advance(PROGRESS_TICK_MS * 100);
    expect(progressValue()).toBe(PROGRESS_CAP);
  });

  it('never shows less than the server’s progress, capped at 95', async () => {
    vi.useFakeTimers();
    mockResults(running({ stage: 'writing', progress: 60 }), running({ stage: 'saving', progress: 100 }));
    renderSuccess();
    await advance(0);
    expect(progressValue()).toBeGreaterThanOrEqual(60);
    await advance(POLL_INTERVAL_MS);
    expect(progressValue()).toBe(PROGRESS_CAP);
  });

  it('rotates the six steps every 3 s while the stage is unknown', async () => {
    vi.useFakeTimers();
    mockResults(running({ stage: 'queued' }));
    renderSuccess();
    await advance(0);
    // No copy model in the test configuration: SPEC's "AI Analysis" is named for what it does.
    expect(activeStep()).toBe(NO_MODEL_FIRST_STEP);
    await advance(STEP_ROTATION_MS - 1);
    expect(activeStep()).toBe(NO_MODEL_FIRST_STEP);
    await advance(1);
    expect(activeStep()).toBe(LOADING_STEPS[1]?.title);
    await advance(STEP_ROTATION_MS * 5);
    expect(activeStep()).toBe(NO_MODEL_FIRST_STEP); // six steps later: back to the first
  });

  it('highlights the steps of the real stage and marks the earlier ones done', async () => {
    vi.useFakeTimers();
    const analyzing = running({ stage: 'analyzing', progress: 20 });
    mockResults(analyzing, analyzing, running({ stage: 'writing', progress: 50 }));
    renderSuccess();
    await advance(0);
    expect(activeStep()).toBe('Market Research');
    await advance(STEP_ROTATION_MS); // a rotation, and the second answer: still analyzing
    expect(activeStep()).toBe('Market Research');
    await advance(2 * POLL_INTERVAL_MS - STEP_ROTATION_MS); // the third answer: writing
    const states = screen.getAllByTestId('loading-step').map((s) => s.dataset.state);
    expect(states.slice(0, 2)).toEqual(['done', 'done']);
    expect(['Title Optimization (3 options)', 'Content Enhancement', 'Performance Insights']).toContain(activeStep());
    expect(states[5]).toBe('upcoming');
  });

  it('stops after a long wait and offers to check again', async () => {
    vi.useFakeTimers();
    const fetch = mockResults(running());
    renderSuccess();
    await advance(MAX_POLL_DURATION_MS + POLL_INTERVAL_MS);
    expect(screen.getByRole('heading', { level: 1, name: 'Your report is taking longer than usual' })).toBeInTheDocument();
    const calls = fetch.mock.calls.length;
    await advance(POLL_INTERVAL_MS * 5);
    expect(fetch.mock.calls.length).toBe(calls);

    fetch.mockImplementation(() => Promise.resolve(completed(GOLDEN_SPARSE)));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await advance(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Basic listing optimization is ready' })).toBeInTheDocument();
  });

  it('rides out a few failed connections', async () => {
    vi.useFakeTimers();
    mockResults(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), completed(GOLDEN_SPARSE));
    renderSuccess();
    await advance(POLL_INTERVAL_MS * 3);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Basic listing optimization is ready' })).toBeInTheDocument();
  });
});

describe('PaymentSuccessRoute: errors', () => {
  it('shows a failed job’s reason with Go Home', async () => {
    mockResults(running(), Response.json({ success: false, status: 'failed', error: 'We could not read your listing page after 3 tries.' }));
    vi.useFakeTimers();
    renderSuccess();
    await advance(POLL_INTERVAL_MS);
    expect(screen.getByRole('heading', { level: 1, name: 'Error Loading Results' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^We could not read your listing page after 3 tries\.$/);
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toContain('cs_test_1');
  });

  it.each([
    ['404 with a message', () => Response.json({ success: false, error: 'Optimization not found.' }, { status: 404 }), 'Optimization not found.'],
    ['502 without JSON', () => new Response('<html>Bad gateway</html>', { status: 502 }), 'Failed to fetch payment results.'],
    ['500 without a message', () => Response.json({ success: false }, { status: 500 }), 'Failed to fetch payment results.'],
    ['success:false without a message', () => Response.json({ success: false }), 'Failed to fetch payment results.'],
  ])('a %s shows "Error Loading Results" with its message', async (_label, respond, message) => {
    mockResults(respond);
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1, name: 'Error Loading Results' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${message.replace(/\./g, '\\.')}$`));
  });

  it('a body that does not parse shows "Invalid JSON response: …"', async () => {
    mockResults(() => new Response('{"success": true, "status": ', { status: 200 }));
    renderSuccess();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid JSON response: \S.+/);
  });
});

describe('PaymentSuccessRoute: results', () => {
  it('shows a Basic report (sparse-vrbo)', async () => {
    mockResults(completed(GOLDEN_SPARSE));
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Basic listing optimization is ready' })).toBeInTheDocument();
    expect(screen.queryByTestId('premium-badge')).toBeNull();

    // Its rating was not read: "Not assessed" with why, never SPEC's default 4.2 (issue 25).
    expect(screen.getByTestId('card-guest-rating-value')).toHaveTextContent('Not assessed');
    expect(screen.getByTestId('card-guest-rating')).not.toHaveTextContent('4.2');
    // Title, description and photos only: too little read for one listing score, in the ring and on the card.
    expect(screen.getByTestId('card-optimization-score')).toHaveTextContent('Listing score');
    expect(screen.getByTestId('card-optimization-score-value')).toHaveTextContent('Not assessed');
    expect(screen.getByTestId('overall-band')).toHaveTextContent('Not assessed');
    expect(screen.getByTestId('overall-score-value')).toHaveTextContent('too little read');
    // A Vrbo listing with no price or calendar read, and the cited effects measured on another site:
    // the card says what a money figure would need, never "+0%".
    expect(screen.getByTestId('card-revenue-potential-value')).toHaveTextContent(/^Not estimated$/);
    expect(screen.getByTestId('card-revenue-potential')).toHaveTextContent('Needs your nightly price and calendar — neither could be read from this page.');
    expect(screen.getByTestId('card-revenue-potential')).not.toHaveTextContent('%');

    const actions = within(screen.getByTestId('immediate-actions'));
    expect(actions.getByRole('heading', { name: 'Top 5 Immediate Actions' })).toBeInTheDocument();
    // The first five of the report's one ranked list: its headline first (as Vrbo calls the title), never an area with nothing to do.
    expect(actions.getAllByTestId('action-area').map((a) => a.textContent)).toEqual(['Headline', 'Photos', 'Description', 'Headline', 'Headline']);
    const badges = actions.getAllByTestId('priority-badge');
    expect(badges.map((b) => [b.dataset.priority, b.dataset.tone])).toEqual([
      ['HIGH', 'red'],
      ['HIGH', 'red'],
      ['HIGH', 'red'],
      ['MEDIUM', 'yellow'],
      ['MEDIUM', 'yellow'],
    ]);
    expect(badges[0]).toHaveClass('bg-red-100');
    expect(badges[3]).toHaveClass('bg-yellow-100');
    // The areas it could not assess say so below, grey, never HIGH.
    const details = within(screen.getByTestId('area-details'));
    expect(details.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Photography Upgrade', 'Guest Experience', 'Dynamic Pricing Strategy', 'Booking Gap Analysis']);
    expect(within(screen.getByTestId('area-pricing')).getByTestId('priority-badge')).toHaveClass('bg-slate-100');
    expect(within(screen.getByTestId('area-pricing')).getByText(/^Not assessed: no nightly price/)).toBeInTheDocument();

    expect(screen.getByTestId('title-current')).toHaveTextContent('BEST LAKE HOUSE!!! 🌊 text 518-555-0199 to book');
    expect(screen.getByTestId('title-current')).toHaveTextContent('46/80 characters'); // Vrbo's headline limit
    expect(screen.getByTestId('title-optimized')).toHaveTextContent('Lake George House for 6 Guests');
    expect(screen.getByTestId('title-optimized')).toHaveTextContent('30/80 characters');
    expect(within(screen.getByTestId('title-additional')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByTestId('title-all')).toBeNull();

    // Its amenity list was not read: no suggestions, and never "already covers what guests expect" (issue 25).
    const amenities = screen.getByTestId('suggested-amenities');
    expect(screen.queryAllByTestId('suggested-amenity')).toHaveLength(0);
    expect(within(amenities).getByTestId('amenities-not-assessed')).toHaveTextContent(
      'Not assessedThe amenity list could not be read. An amenity not seen may still be offered, so none is suggested.',
    );
    expect(amenities).not.toHaveTextContent('already covers');

    expect(screen.queryByTestId('market-analysis')).toBeNull();
    expect(screen.queryByTestId('content-optimization')).toBeNull();
    expect(screen.getByTestId('pdf-message')).toHaveTextContent(/^PDF Available with Premium Package$/);

    expect(screen.getByRole('link', { name: 'Optimize Another Listing' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByTestId('data-sources')).toHaveTextContent('Listing page');
    expect(screen.queryByTestId('attribution')).toBeNull();
  });

  it('opens a report the host bought before today’s fields existed, as the server serves it: no error, no score made up', async () => {
    mockResults(completed(SERVED_FIRST_REPORTS));
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Premium listing optimization is ready' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch payment results.')).toBeNull();
    expect(screen.getByTestId('card-guest-rating-value')).toHaveTextContent('4.82');
    expect(screen.getByTestId('card-optimization-score-value')).toHaveTextContent('Not assessed');
    expect(screen.queryByTestId('overall-score')).toBeNull();
    expect(within(screen.getByTestId('immediate-actions')).getAllByTestId('priority-badge').map((b) => b.dataset.priority)).toEqual(['LOW', 'LOW', 'MEDIUM', 'MEDIUM', 'LOW']);
  });

  it('shows a Premium report with market data (albany-house)', async () => {
    mockResults(completed(GOLDEN_ALBANY));
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Premium listing optimization is ready' })).toBeInTheDocument();
    expect(screen.getByTestId('premium-badge')).toHaveTextContent('Premium');
    expect(screen.getByTestId('card-guest-rating-value')).toHaveTextContent('4.82');
    // SPEC's second card is the listing score: the ring's number, under the ring's name (issue 26).
    expect(screen.getByTestId('card-optimization-score-value')).toHaveTextContent('82/100');
    expect(screen.getByTestId('overall-score-value')).toHaveTextContent('82');
    expect(screen.getByTestId('card-optimization-score')).toHaveTextContent('From 7 of 7 sections · Strong');

    const badges = within(screen.getByTestId('immediate-actions')).getAllByTestId('priority-badge');
    // Photos, reviews, amenities, description, amenities: the first five of the ranked list (its title has nothing to fix;
    // the snapshot's calendar is before the report's date, so its gaps rank no action).
    expect(badges.map((b) => [b.dataset.priority, b.dataset.tone])).toEqual([
      ['MEDIUM', 'yellow'],
      ['MEDIUM', 'yellow'],
      ['MEDIUM', 'yellow'],
      ['MEDIUM', 'yellow'],
      ['MEDIUM', 'yellow'],
    ]);
    expect(badges[0]).toHaveClass('bg-yellow-100');

    // Title 100/100 with no problems: no "optimized title", three other ways to word it, all 10 behind a disclosure.
    expect(screen.queryByTestId('title-optimized')).toBeNull();
    expect(within(screen.getByTestId('title-alternatives')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('title-alternatives')).toHaveTextContent('Your title has no problems to fix');
    const all = screen.getByTestId('title-all');
    expect(within(all).getByText('Show all 10 title suggestions')).toBeInTheDocument();
    expect(within(all).getAllByRole('listitem')).toHaveLength(10);

    const market = within(screen.getByTestId('market-analysis'));
    expect(market.getAllByTestId('score-bar').map((bar) => bar.textContent)).toEqual([
      'Listing score82/100',
      'Amenities82/100',
      'Photos88/100',
      'Reviews81/100',
    ]);
    expect(market.getByTestId('market-snapshot')).toHaveTextContent('Albany, New York, United States');
    expect(market.getByTestId('market-snapshot')).toHaveTextContent('$147–$221');
    expect(within(market.getByTestId('revenue-insights')).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(market.getByTestId('strategic-recommendations')).getAllByRole('listitem')).toHaveLength(3);

    const content = within(screen.getByTestId('content-optimization'));
    expect(content.getByTestId('photo-count')).toHaveTextContent('14 photos');
    expect(content.getByTestId('review-sentiment')).toHaveTextContent(/^Rated 4\.82 out of 5/);
    expect(content.getAllByRole('listitem').length).toBeGreaterThan(0);

    expect(screen.getByTestId('pdf-message')).toHaveTextContent(/^PDF Generation Failed - Contact Support$/);
    expect(screen.getByTestId('pdf-message').getAttribute('href')).toMatch(/^mailto:help@listinglift\.test\?/);
    expect(screen.getByTestId('attribution')).toHaveTextContent('Market data: Inside Airbnb (insideairbnb.com), CC BY 4.0');
  });

  it('shows the content comparison and the market note (lisbon-loft)', async () => {
    mockResults(completed(GOLDEN_LISBON));
    renderSuccess();
    const content = within(await screen.findByTestId('content-optimization'));
    expect(content.getByTestId('word-count')).toHaveTextContent('54 → 132 words');
    expect(content.getByTestId('photo-count')).toHaveTextContent('4 photos');
    const keywords = content.getByTestId('seo-keywords');
    expect(within(keywords).getByText('Lisbon').closest('li')).toHaveTextContent('Lisbon· add to your description');
    // The description keeps its line breaks, as text.
    expect(content.getByTestId('optimized-description').textContent).toContain('\n\nThe space\nIn the bathroom');
    expect(content.getByTestId('optimized-description')).toHaveClass('whitespace-pre-wrap');
    expect(screen.getByTestId('market-note')).toHaveTextContent('We have no market data for this area yet');
    expect(screen.getByTestId('title-current')).toHaveTextContent('41/50 characters');
  });

  it('says a Premium PDF is being prepared while its repair is under way (pdf_pending), not that it failed', async () => {
    mockResults(Response.json({ success: true, status: 'completed', data: GOLDEN_ALBANY, pdf_pending: true }));
    renderSuccess();
    expect(await screen.findByTestId('pdf-message')).toHaveTextContent(PDF_PREPARING_MESSAGE);
    expect(screen.queryByText('PDF Generation Failed - Contact Support')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download PDF Report' })).toBeNull();
  });

  it('shows the bought report’s Watch (the envelope’s watch): its state, the chart and the weeks', async () => {
    mockResults(Response.json({ success: true, status: 'completed', data: GOLDEN_ALBANY, order_id: 'opt-premium', watch: sampleWatch() }));
    renderSuccess();
    const panel = within(await screen.findByRole('region', { name: 'Watch' }));
    expect(panel.getByTestId('watch-status')).toHaveTextContent('Watching · 9 of 12 weeks left · next check December 22, 2026');
    expect(panel.getByRole('img', { name: /over 2 weeks/ })).toBeInTheDocument();
    expect(panel.getAllByTestId('watch-week')).toHaveLength(3);
    expect(panel.getByRole('button', { name: 'Pause' })).toBeEnabled();
  });

  it('shows no Watch for a report without one', async () => {
    mockResults(completed(GOLDEN_ALBANY));
    renderSuccess();
    await screen.findByTestId('premium-badge');
    expect(screen.queryByTestId('watch-panel')).toBeNull();
  });

  it('links the PDF from the backend origin', async () => {
    const data = { ...(GOLDEN_LISBON as Record<string, unknown>), pdf_download_url: '/api/reports/cs_test_1.pdf' };
    mockResults(completed(data));
    renderSuccess();
    const link = await screen.findByRole('link', { name: 'Download PDF Report' });
    expect(link).toHaveAttribute('href', `${window.location.origin}/api/reports/cs_test_1.pdf`);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByTestId('pdf-message')).toBeNull();
  });

  it('says the rating was not assessed (not SPEC\'s 4.2), shows the report\'s own priorities (NOT ASSESSED where it had no data), and the SPEC §5 note for a long title', async () => {
    const sparse = GOLDEN_SPARSE as Record<string, unknown>;
    const data = {
      ...sparse,
      package_type: 'premium',
      actions: null,
      original_title: 'A'.repeat(55),
      title_suggestions: ['Short title'],
      title_analysis: {
        ...(sparse.title_analysis as object),
        length: 55,
        limit: 50,
        over_limit: true,
        limit_note: 'Your title has 55 characters, exceeding the 50-character limit for Airbnb titles.',
      },
    };
    mockResults(completed(data));
    renderSuccess();
    expect(await screen.findByTestId('card-guest-rating-value')).toHaveTextContent('Not assessed');
    expect(screen.getAllByTestId('priority-badge').map((b) => b.dataset.priority)).toEqual(['HIGH', 'HIGH', 'MEDIUM', 'NOT ASSESSED', 'NOT ASSESSED']);
    expect(screen.getByTestId('title-current')).toHaveTextContent('55/50 characters');
    expect(screen.getByTestId('title-current')).toHaveTextContent('exceeding the 50-character limit for Airbnb titles');
    expect(screen.getByTestId('card-optimization-score-value')).toHaveTextContent('Not assessed');
  });

  it('renders report text as text, never as HTML', async () => {
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const data = {
      ...(GOLDEN_LISBON as Record<string, unknown>),
      optimized_description: `Nice place ${html}`,
      title_suggestions: [`Title ${html}`],
      optimized_title: `Title ${html}`,
      suggested_amenities: `Pool ${html}: reason ${html}`,
      review_summary: html,
    };
    mockResults(completed(data));
    const { container } = renderSuccess();
    expect(await screen.findByTestId('optimized-description')).toHaveTextContent(`Nice place ${html}`);
    expect(container.querySelector('img, script')).toBeNull();
    expect(screen.getByTestId('title-optimized')).toHaveTextContent(`Title ${html}`);
  });
});

describe('PaymentSuccessRoute: a report page the server drew (its owner’s session cookie)', () => {
  const premiumHeading = { level: 1, name: 'Your Premium listing optimization is ready' } as const;

  /** The answer the server embeds before </body> (backend httpapi/reportpage.go). */
  function embed(answer: unknown, session = 'cs_test_1', uid = 'uid-ana') {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'll-result';
    script.dataset.session = session;
    script.dataset.uid = uid;
    script.textContent = JSON.stringify(answer);
    document.body.append(script);
  }

  afterEach(() => {
    document.getElementById('ll-result')?.remove();
  });

  it('shows the report at once, while the session restores, and asks nothing', () => {
    embed({ success: true, status: 'completed', data: GOLDEN_LISBON, order_id: 'ord-1' });
    const fetch = mockResults(running());
    renderSuccess('/payment-success?session_id=cs_test_1', createTestAuth(LOADING));
    expect(screen.getByRole('heading', premiumHeading)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps showing it once its owner is signed in, and asks once for the links the server leaves out', async () => {
    // The server never draws the PDF or share link into a page (issue 44): the app asks
    // with the ID token and shows them when the answer comes.
    embed({ success: true, status: 'completed', data: { ...(GOLDEN_LISBON as Record<string, unknown>), pdf_download_url: '' }, order_id: 'ord-1', share: null });
    const share = { url: '/shared/tok-1', expires_at: '2026-12-30T00:00:00Z' };
    let answer!: (r: Response) => void;
    const fetch = mockResults(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderSuccess();
    expect(screen.getByRole('heading', premiumHeading)).toBeInTheDocument();
    expect(screen.getByTestId('pdf-message')).toHaveTextContent(PDF_LINK_COMING_MESSAGE);
    expect(screen.queryByText('PDF Generation Failed - Contact Support')).toBeNull();
    expect(screen.queryByTestId('share-link')).toBeNull();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await act(async () => {
      answer(
        Response.json({
          success: true,
          status: 'completed',
          data: { ...(GOLDEN_LISBON as Record<string, unknown>), pdf_download_url: '/api/reports/ord-1/pdf?token=t' },
          order_id: 'ord-1',
          share,
        }),
      );
      await Promise.resolve();
    });
    expect(await screen.findByRole('link', { name: 'Download PDF Report' })).toHaveAttribute('href', `${window.location.origin}/api/reports/ord-1/pdf?token=t`);
    expect(screen.getByTestId('share-link')).toHaveValue(`${window.location.origin}/shared/tok-1`);
    expect(screen.getByRole('heading', premiumHeading)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps showing it when asking for the links fails', async () => {
    embed({ success: true, status: 'completed', data: { ...(GOLDEN_LISBON as Record<string, unknown>), pdf_download_url: '' }, order_id: 'ord-1' });
    const fetch = mockResults(Response.json({ success: false, error: 'Please try again.' }, { status: 503 }));
    renderSuccess();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole('heading', premiumHeading)).toBeInTheDocument();
    expect(screen.getByTestId('pdf-message')).toHaveTextContent(PDF_LINK_COMING_MESSAGE);
  });

  it('is dropped for another host, another order, or an answer that does not read', async () => {
    for (const [answer, session, uid] of [
      [{ success: true, status: 'completed', data: GOLDEN_LISBON }, 'cs_test_1', 'uid-bob'],
      [{ success: true, status: 'completed', data: GOLDEN_LISBON }, 'cs_other', 'uid-ana'],
      [{ success: true, status: 'completed', data: { nonsense: true } }, 'cs_test_1', 'uid-ana'],
    ] as const) {
      embed(answer, session, uid);
      const fetch = mockResults(running());
      const view = renderSuccess();
      expect(await screen.findByRole('heading', { level: 1, name: 'Creating Your Optimization Report' })).toBeInTheDocument();
      expect(fetch).toHaveBeenCalled();
      view.unmount();
      fetch.mockRestore();
      document.getElementById('ll-result')?.remove();
    }
  });

  it('asks a visitor the session turned out signed out to log in', () => {
    embed({ success: true, status: 'completed', data: GOLDEN_LISBON });
    mockResults(running());
    renderSuccess('/payment-success?session_id=cs_test_1', createTestAuth(SIGNED_OUT));
    expect(screen.getByRole('heading', { level: 1, name: 'Log in to see your report' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', premiumHeading)).toBeNull();
  });
});
