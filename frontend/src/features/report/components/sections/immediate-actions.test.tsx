import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GOLDEN_ALBANY, GOLDEN_LISBON, GOLDEN_LISBON_LIVE, GOLDEN_SPARSE, reportOf } from '@/testing/golden';
import { type OptimizationResult } from '@/lib/report/read';
import { DoFirst } from './do-first';
import { AreaDetails, ImmediateActions } from './immediate-actions';
import { areaName } from './ranked-action';

/** A golden report as sent, changed by `change` before it is read. */
function report(golden: unknown, change: (raw: Record<string, unknown>) => Record<string, unknown> = (r) => r): OptimizationResult {
  return reportOf(change(structuredClone(golden as Record<string, unknown>)));
}

function renderActions(result: OptimizationResult) {
  return render(
    <>
      <DoFirst result={result} />
      <ImmediateActions result={result} />
      <AreaDetails result={result} />
    </>,
  );
}

/** The words of an action row that say what it is: area, finding, what to do. */
const rowWords = (row: HTMLElement) => [within(row).getByTestId('action-area').textContent, within(row).getByTestId('priority-badge').dataset.priority];

/** The i-th element, which the test needs to be there. */
function nth(list: HTMLElement[], i: number): HTMLElement {
  const el = list[i];
  if (!el) throw new Error(`no element ${i} of ${list.length}`);
  return el;
}

const FILLERS = /No problems found|No orphan gaps/;

describe('Top 5 Immediate Actions: the first five of the report’s one ranked list', () => {
  it.each([
    ['lisbon-loft', GOLDEN_LISBON],
    ['lisbon-live', GOLDEN_LISBON_LIVE],
    ['albany-house', GOLDEN_ALBANY],
    ['sparse-vrbo', GOLDEN_SPARSE],
  ])('%s: the report’s actions in its order, whose first three are “Do these first”', (_name, golden) => {
    const result = report(golden);
    const ranked = result.actions ?? [];
    expect(ranked.length).toBeGreaterThanOrEqual(5);
    renderActions(result);
    const top = within(screen.getByTestId('immediate-actions')).getAllByTestId('top-action');
    expect(top).toHaveLength(5);
    ranked.slice(0, 5).forEach((action, i) => {
      const row = nth(top, i);
      expect(rowWords(row)).toEqual([areaName(action.area, result.platform), action.priority]);
      expect(row).toHaveTextContent(action.finding);
      expect(row).toHaveTextContent(`What to do: ${action.action}`);
      if (action.effect) expect(within(row).getByTestId('action-effect')).toHaveTextContent(action.effect.text);
    });
    const first = screen.getAllByTestId('do-first-action');
    expect(first.map(rowWords)).toEqual(top.slice(0, 3).map(rowWords));
    first.forEach((row, i) => expect(row).toHaveTextContent((ranked[i] ?? { finding: '' }).finding));
    expect(screen.getByTestId('immediate-actions')).not.toHaveTextContent(FILLERS);
  });

  it.each([3, 1])('a report with %i actions lists as many rows: no slot is filled', (count) => {
    const result = report(GOLDEN_ALBANY, (raw) => ({ ...raw, actions: (raw.actions as unknown[]).slice(0, count) }));
    renderActions(result);
    expect(within(screen.getByTestId('immediate-actions')).getAllByTestId('top-action')).toHaveLength(count);
    expect(within(screen.getByTestId('immediate-actions')).getAllByTestId('priority-badge')).toHaveLength(count);
    expect(screen.getAllByTestId('do-first-action')).toHaveLength(count);
    expect(screen.getByTestId('immediate-actions')).not.toHaveTextContent(FILLERS);
  });

  it('says in one sentence that nothing needs action when the list is empty', () => {
    renderActions(report(GOLDEN_ALBANY, (raw) => ({ ...raw, actions: [] })));
    const top = screen.getByTestId('immediate-actions');
    expect(within(top).getByRole('heading', { level: 2 })).toHaveTextContent('Top 5 Immediate Actions');
    expect(within(top).queryAllByTestId('top-action')).toHaveLength(0);
    expect(within(top).getByTestId('no-actions')).toHaveTextContent('Nothing urgent: no problems were found that need action.');
  });

  it('shows the title’s block (current → optimized title and options) under the first title action', () => {
    const result = report(GOLDEN_SPARSE); // a Vrbo listing whose first action is about its headline
    renderActions(result);
    const first = nth(within(screen.getByTestId('immediate-actions')).getAllByTestId('top-action'), 0);
    expect(within(first).getByTestId('title-current')).toHaveTextContent('BEST LAKE HOUSE!!! 🌊 text 518-555-0199 to book');
    expect(within(first).getByTestId('title-optimized')).toHaveTextContent(result.optimized_title);
    expect(screen.getAllByTestId('title-current')).toHaveLength(1); // not again in the details
    expect(screen.queryByTestId('area-title')).toBeNull();
  });

  it('moves the title’s block to the details when no Top 5 action is about the title, with alternatives, never an “optimized title”', () => {
    const result = report(GOLDEN_ALBANY); // Title 100/100, no findings: the server offers no optimized title
    expect(result.optimized_title).toBe('');
    renderActions(result);
    const title = within(screen.getByTestId('area-title'));
    expect(title.getByTestId('title-current')).toHaveTextContent(result.original_title);
    expect(screen.queryByTestId('title-optimized')).toBeNull();
    const alternatives = title.getByTestId('title-alternatives');
    expect(alternatives).toHaveTextContent(result.explanations?.optimized_title ?? 'missing');
    expect(within(alternatives).getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      (result.title_suggestions ?? []).slice(0, 3).map((t) => expect.stringContaining(t) as unknown as string),
    );
  });

  it('keeps each area’s detail that is not an action below, with why an area was not assessed', () => {
    renderActions(report(GOLDEN_SPARSE));
    const pricing = within(screen.getByTestId('area-pricing'));
    expect(pricing.getByTestId('priority-badge')).toHaveAttribute('data-priority', 'NOT ASSESSED');
    expect(pricing.getByText(/^Not assessed: no nightly price/)).toBeInTheDocument();
    // The photo audit's advice stays with the photos, less what a Top 5 row already says.
    const photos = within(screen.getByTestId('area-photo')).getByTestId('finding-list');
    expect(photos).toHaveTextContent('0 of 3 photos have captions.');
    expect(photos).not.toHaveTextContent('The listing has 3 photos');
    expect(within(screen.getByTestId('immediate-actions')).getAllByText(/^The listing has 3 photos/)).toHaveLength(1);
  });
});

describe('an action’s effect, as the revenue card has it', () => {
  it('says the server’s words: the studies’ figure, not the listing’s revenue, when revenue was not estimated', () => {
    const words = 'Published studies found +3–9% revenue from this change on other listings; not estimated for yours, as there is no revenue figure for your listing.';
    const result = report(GOLDEN_LISBON, (raw) => {
      const actions = raw.actions as { area: string; effect?: Record<string, unknown> }[];
      const photos = actions.find((a) => a.area === 'photos');
      if (photos?.effect) photos.effect.text = words;
      return raw;
    });
    renderActions(result);
    const rows = within(screen.getByTestId('immediate-actions')).getAllByTestId('top-action').filter((r) => r.dataset.area === 'photos');
    expect(rows).toHaveLength(1);
    expect(within(nth(rows, 0)).getByTestId('action-effect')).toHaveTextContent(words);
    expect(rows[0]).not.toHaveTextContent('Expected effect');
  });

  it('says no effect of its own when the server sent no words for it', () => {
    const result = report(GOLDEN_LISBON, (raw) => {
      for (const a of raw.actions as { effect?: Record<string, unknown> }[]) if (a.effect) a.effect.text = '';
      return raw;
    });
    renderActions(result);
    expect(screen.queryAllByTestId('action-effect')).toHaveLength(0);
    expect(screen.getByTestId('do-first')).not.toHaveTextContent('%');
  });
});
