import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestAuth, signedIn } from '@/testing/auth';
import { renderWithRouter } from '@/testing/render';
import { sampleWatch, sampleWeek } from '@/testing/watch';
import { readWatch } from '@/lib/watch/watch';
import { type WatchBody } from '@/types/api';
import { WatchPanel } from './watch-panel';

afterEach(() => {
  vi.restoreAllMocks();
});

function show(body: WatchBody = sampleWatch()) {
  const watch = readWatch(body);
  if (!watch) throw new Error('sample watch not read');
  return renderWithRouter(<WatchPanel watch={watch} />, { auth: createTestAuth(signedIn()) });
}

/** POST /api/optimizations/{id}/watch answered by `answer`; the requests made are returned. */
function mockWatchApi(answer: (action: string) => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body: unknown = JSON.parse(typeof init?.body === 'string' ? init.body : '{}');
    calls.push({ url, body });
    return Promise.resolve(answer((body as { action: string }).action));
  });
  return calls;
}

describe('WatchPanel', () => {
  it('says the state, the weeks left and the next check, newest week first', () => {
    show();
    expect(screen.getByTestId('watch-status')).toHaveTextContent('Watching · 9 of 12 weeks left · next check December 22, 2026');
    const weeks = screen.getAllByTestId('watch-week');
    expect(weeks.map((w) => w.dataset.week)).toEqual(['2026-W51', '2026-W50', '2026-W49']);
    // Week 3 could not be read: why, and no invented figures.
    const [failed, changed, first] = weeks as [HTMLElement, HTMLElement, HTMLElement];
    expect(failed).toHaveTextContent('we could not read your listing (The listing page did not answer). We try again next week.');
    expect(failed).not.toHaveTextContent('Listing score');
    // Week 2: each change with its evidence, and the week's figures.
    const changes = within(changed).getAllByTestId('watch-change');
    expect(changes[0]).toHaveTextContent('Your title changed.');
    expect(changes[0]).toHaveTextContent('Sunny loft by the river → Sunny riverside loft with balcony');
    expect(changes[1]).toHaveTextContent('$182 → $199');
    expect(changed).toHaveTextContent('$199 a night · top third of 14 comparables');
    expect(changed).toHaveTextContent('$176 a night (14 comparables)');
    // Week 1: figures, and no change.
    expect(first).toHaveTextContent('72/100');
    expect(within(first).getByTestId('watch-week-summary')).toHaveTextContent('checked December 1, 2026: no change');
  });

  it('charts the price against the median, named in words and given as a table', () => {
    show();
    const svg = screen.getByRole('img', { name: /Your nightly price against your comparables' median over 2 weeks/ });
    expect(svg).toHaveAccessibleName(
      "Your nightly price against your comparables' median over 2 weeks: first week your price $182 a night, comparables' median $175 a night; latest week your price $199 a night, comparables' median $176 a night.",
    );
    expect(screen.getAllByTestId('watch-chart-price')).toHaveLength(2);
    const rows = within(screen.getByTestId('watch-chart-table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'CheckedYour priceComparables’ median',
      'Dec 1$182 a night$175 a night',
      'Dec 8$199 a night$176 a night',
    ]);
  });

  it('pauses through the API and shows the state the server answers with', async () => {
    const paused = sampleWatch({ state: 'paused', nextCheckAt: null, canResume: true });
    const calls = mockWatchApi(() => Response.json({ success: true, watch: paused }));
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(screen.getByTestId('watch-status')).toHaveTextContent('Paused · 9 of 12 weeks left'));
    expect(calls).toEqual([{ url: '/api/optimizations/opt-premium/watch', body: { action: 'pause' } }]);
    // Now Resume and Stop, not Pause.
    expect(screen.getByRole('button', { name: 'Resume' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('keeps the state and says the server’s reason when an action is refused', async () => {
    mockWatchApi(() => Response.json({ success: false, error: 'This watch has no weeks left to resume.' }, { status: 409 }));
    show(sampleWatch({ state: 'stopped', nextCheckAt: null, canResume: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This watch has no weeks left to resume.');
    expect(screen.getByTestId('watch-status')).toHaveTextContent('Stopped · 9 of 12 weeks left');
  });

  it('offers no button on an ended watch and says why it ended', () => {
    show(sampleWatch({ state: 'ended', ended: 'refunded', nextCheckAt: null }));
    expect(screen.getByTestId('watch-status')).toHaveTextContent('Ended · the report was refunded');
    expect(screen.queryByRole('button', { name: /Pause|Resume|Stop/ })).toBeNull();
  });

  it('before its first week, says when the first check is and draws no chart', () => {
    show(sampleWatch({ checks: [], used: 0, left: 12 }));
    expect(screen.getByTestId('watch-no-weeks')).toHaveTextContent('No week checked yet. The first check is on December 22, 2026.');
    expect(screen.queryByTestId('watch-chart')).toBeNull();
  });

  it('shows the newest four weeks, and all on asking', async () => {
    const checks = Array.from({ length: 6 }, (_, i) => ({
      ...sampleWeek(),
      week: `2026-W${40 + i}`,
      checkedAt: new Date(Date.UTC(2026, 9, 1 + 7 * i, 10)).toISOString(),
    }));
    show(sampleWatch({ checks, used: 6, left: 6 }));
    expect(screen.getAllByTestId('watch-week')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 6 weeks' }));
    expect(screen.getAllByTestId('watch-week').map((w) => w.dataset.week)).toEqual(['2026-W45', '2026-W44', '2026-W43', '2026-W42', '2026-W41', '2026-W40']);
  });
});
