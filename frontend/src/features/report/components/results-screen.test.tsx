import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import {
  GOLDEN_ALBANY,
  GOLDEN_LISBON,
  GOLDEN_LISBON_LIVE,
  GOLDEN_SPARSE,
  reportOf,
  SERVED_BEFORE_ACTIONS,
  SERVED_BEFORE_OVERALL_SCORE,
  SERVED_FIRST_REPORTS,
} from '@/testing/golden';
import { type OptimizationResult } from '@/lib/report/read';
import { ResultsScreen } from './results-screen';

const CONFIG = { apiBase: '', supportEmail: 'help@listinglift.test' };

function golden(value: unknown): OptimizationResult {
  return reportOf(value);
}

function renderResult(result: OptimizationResult) {
  return renderWithRouter(<ResultsScreen result={result} sessionId="cs_test_1" config={CONFIG} pageOrigin="https://app.test" />);
}

/** The golden Albany report with its market analysis changed by `change`. */
function albanyWith(change: (market: Record<string, unknown>) => Record<string, unknown>): OptimizationResult {
  const raw = GOLDEN_ALBANY as Record<string, unknown>;
  return golden({ ...raw, market_analysis_data: change({ ...(raw.market_analysis_data as Record<string, unknown>) }) });
}

describe('ResultsScreen: Premium market analytics (albany-house)', () => {
  it('says how many comparables and within what radius', () => {
    renderResult(golden(GOLDEN_ALBANY));
    expect(screen.getByTestId('market-comparables')).toHaveTextContent(/^24 comparable listings within 15 km$/);
  });

  it('shows occupancy and revenue quartiles with the listing’s place, as a table', () => {
    renderResult(golden(GOLDEN_ALBANY));
    const table = within(screen.getByTestId('market-distributions')).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Among comparables',
      '25th percentile',
      'Median',
      '75th percentile',
      'Your listing',
    ]);
    const occupancy = within(screen.getByTestId('distribution-estimated_occupancy'));
    expect(occupancy.getByRole('rowheader')).toHaveTextContent('Booked nights a year (est.)');
    expect(occupancy.getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '95 nights',
      '129 nights',
      '164 nights',
      '148 nights · 63rd percentile, within the middle half',
    ]);
    const revenue = within(screen.getByTestId('distribution-estimated_revenue'));
    expect(revenue.getAllByRole('cell').map((c) => c.textContent)).toEqual(['$15,903', '$22,302', '$29,981', '$23,532 · 54th percentile, within the middle half']);
    expect(within(screen.getByTestId('market-distributions')).getByText('How revenue was measured')).toBeInTheDocument();
  });

  it('shows 12 months of seasonality in a table with text values, busiest and quietest named', () => {
    renderResult(golden(GOLDEN_ALBANY));
    const seasonality = within(screen.getByTestId('seasonality'));
    expect(seasonality.getByRole('table')).toHaveAccessibleName(/nights not available \(booked or blocked\) per month/);
    expect(seasonality.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Month', 'Comparables', 'Your listing', 'Median listed price']);
    const months = screen.getAllByTestId('season-month');
    expect(months).toHaveLength(12);
    const [october] = months;
    if (!october) throw new Error('no months');
    expect(within(october).getByRole('rowheader')).toHaveTextContent(/^Oct 2025 from Oct 5$/);
    expect(within(october).getAllByRole('cell').map((c) => c.textContent)).toEqual(['55%', '44%', '$184']);
    // Marked in words, not by colour alone.
    const busiest = months.filter((m) => m.dataset.busiest);
    const quietest = months.filter((m) => m.dataset.quietest);
    expect(busiest.map((m) => within(m).getByRole('rowheader').textContent)).toEqual(['Jul 2026 Busiest']);
    expect(quietest.map((m) => within(m).getByRole('rowheader').textContent)).toEqual(['Jan 2026 Quietest']);
    expect(busiest.map((m) => within(m).getAllByRole('cell')[0]?.textContent)).toEqual(['70%']);
    expect(screen.getByTestId('seasonality-summary')).toHaveTextContent('Busiest: July 2026 (70%). Quietest: January 2026 (19%).');
    expect(seasonality.getByText(/Booked or blocked by the host/)).toHaveTextContent('for 23 comparable listings');
  });

  it('keeps the SPEC parts of the Market Analysis card', () => {
    renderResult(golden(GOLDEN_ALBANY));
    const market = within(screen.getByTestId('market-analysis'));
    expect(market.getByRole('heading', { level: 2, name: 'Market Analysis' })).toBeInTheDocument();
    expect(market.getAllByTestId('score-bar')).toHaveLength(4);
    expect(market.getByRole('heading', { name: 'Revenue insights' })).toBeInTheDocument();
    expect(market.getByRole('heading', { name: 'Strategic recommendations' })).toBeInTheDocument();
  });
});

describe('ResultsScreen: market analytics with parts missing', () => {
  it('says plainly when the listing is not in the data, without a listing column in the seasonality', () => {
    const result = albanyWith((m) => {
      const strip = (d: unknown) => ({ ...(d as Record<string, unknown>), listing: undefined, listing_percentile: undefined, position: undefined });
      const seasons = m.seasonality as { months: Record<string, unknown>[] };
      return {
        ...m,
        listing_in_data: false,
        estimated_occupancy: strip(m.estimated_occupancy),
        estimated_revenue: strip(m.estimated_revenue),
        seasonality: { ...seasons, months: seasons.months.map((month) => ({ ...month, listing_unavailable_share: undefined, median_price: undefined })) },
      };
    });
    renderResult(result);
    expect(within(screen.getByTestId('distribution-estimated_occupancy')).getAllByRole('cell').at(-1)).toHaveTextContent(/^Not in Inside Airbnb’s data$/);
    expect(within(screen.getByTestId('seasonality')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Month', 'Comparables']);
  });

  it('shows the rest when the newer parts are absent', () => {
    renderResult(albanyWith((m) => ({ ...m, radius_km: undefined, estimated_occupancy: undefined, estimated_revenue: undefined, ratings: undefined, review_counts: undefined, seasonality: undefined })));
    expect(screen.getByTestId('market-snapshot')).toHaveTextContent('$147–$221');
    expect(screen.getByTestId('market-comparables')).toHaveTextContent(/^24 comparable listings$/);
    expect(screen.queryByTestId('market-distributions')).toBeNull();
    expect(screen.queryByTestId('seasonality')).toBeNull();
  });

  it('shows today’s prices nearby beside the snapshot’s when the search found them', () => {
    renderResult(
      albanyWith((m) => ({
        ...m,
        today_prices: { searched_on: '2026-03-02', stay_checkin: '2026-03-16', stay_checkout: '2026-03-19', comparables: 19, currency: 'USD', p25: 120, p50: 140, p75: 171, explanation: 'Today’s prices: 19 listings …' },
      })),
    );
    expect(screen.getByTestId('market-snapshot')).toHaveTextContent('Nightly prices nearby today$120–$171');
  });

  it('shows no busiest or quietest summary when the report marks none', () => {
    renderResult(albanyWith((m) => {
      const seasons = m.seasonality as { months: Record<string, unknown>[] };
      return { ...m, seasonality: { ...seasons, months: seasons.months.map((month) => ({ ...month, busiest: false, quietest: false })) } };
    }));
    expect(screen.getAllByTestId('season-month')).toHaveLength(12);
    expect(screen.queryByTestId('seasonality-summary')).toBeNull();
    expect(screen.queryByText('Busiest')).toBeNull();
  });
});

describe('ResultsScreen: market analytics from live comparables (lisbon-live)', () => {
  it('says the figures are today’s search around the listing, with the stay priced', () => {
    renderResult(golden(GOLDEN_LISBON_LIVE));
    const snapshot = screen.getByTestId('market-snapshot');
    expect(snapshot).toHaveAttribute('data-source', 'live');
    expect(within(snapshot).getByRole('heading', { level: 3, name: 'Your market: listings like yours nearby, today' })).toBeInTheDocument();
    expect(screen.getByTestId('market-source')).toHaveTextContent(
      /^Live: nearby listings in Airbnb’s search on March 2, 2026 · prices for a 3-night stay from March 16, 2026$/,
    );
    expect(screen.getByTestId('market-comparables')).toHaveTextContent(/^19 comparable listings within 4 km$/);
    expect(snapshot).toHaveTextContent('$115–$145');
    expect(snapshot).not.toHaveTextContent('Inside Airbnb');
    expect(screen.queryByTestId('market-missing')).toBeNull();
  });

  it('lists the comparables nearest first, titles as text linking to their Airbnb pages', () => {
    renderResult(golden(GOLDEN_LISBON_LIVE));
    const rows = within(screen.getByTestId('comparables-list')).getAllByTestId('comparable-row');
    expect(rows).toHaveLength(19);
    const [firstRow] = rows;
    if (!firstRow) throw new Error('no comparables listed');
    const first = within(firstRow);
    expect(first.getByRole('link', { name: 'Bright 2-bedroom flat with balcony' })).toHaveAttribute('href', 'https://www.airbnb.com/rooms/910000000');
    expect(first.getAllByRole('cell').map((c) => c.textContent)).toEqual(['0.3 km', '2', '$160', '4.55 (363)']);
  });

  it('places the listing’s rating and reviews, and shows the months ahead from live calendars', () => {
    renderResult(golden(GOLDEN_LISBON_LIVE));
    expect(within(screen.getByTestId('distribution-ratings')).getAllByRole('cell').at(-1)).toHaveTextContent('4.93 · 100th percentile, above the middle half');
    expect(screen.getAllByTestId('season-month')).toHaveLength(3);
    expect(screen.getByTestId('seasonality')).toHaveTextContent('from today on, in the Airbnb calendars of 19 nearest comparable listings');
  });

  it('says what the search could not read', () => {
    const raw = GOLDEN_LISBON_LIVE as Record<string, unknown>;
    renderResult(golden({ ...raw, market_analysis_data: { ...(raw.market_analysis_data as object), missing: ['2 of 6 search pages could not be read'] } }));
    expect(screen.getByTestId('market-missing')).toHaveTextContent('Not everything could be read today:2 of 6 search pages could not be read.');
  });

  it('drops a comparable’s link that is not an Airbnb listing page', () => {
    const raw = GOLDEN_LISBON_LIVE as Record<string, unknown>;
    const market = raw.market_analysis_data as { list: Record<string, unknown>[] };
    const list = [{ ...market.list[0], url: 'javascript:alert(1)' }];
    renderResult(golden({ ...raw, market_analysis_data: { ...market, list } }));
    const row = within(screen.getByTestId('comparables-list')).getByTestId('comparable-row');
    expect(within(row).queryByRole('link')).toBeNull();
    expect(row).toHaveTextContent('Bright 2-bedroom flat with balcony');
  });
});

describe('ResultsScreen: layout notice', () => {
  it('says at the top when the page layout was not recognized, and nothing otherwise', () => {
    const notice = "We did not recognize this page's layout, so only part of it was read (its summary tags).";
    const { unmount } = renderResult(golden({ ...(GOLDEN_ALBANY as Record<string, unknown>), layout_notice: notice }));
    const note = screen.getByTestId('layout-notice');
    expect(note).toHaveTextContent(notice);
    // Before the first section of the report.
    expect(note.compareDocumentPosition(screen.getAllByRole('heading', { level: 2 })[0] as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();
    renderResult(golden(GOLDEN_ALBANY));
    expect(screen.queryByTestId('layout-notice')).not.toBeInTheDocument();
  });
});

describe('ResultsScreen: the listing site’s title limit', () => {
  const withLimit = (limit: number) => {
    const raw = GOLDEN_ALBANY as Record<string, unknown>;
    return golden({ ...raw, title_analysis: { ...(raw.title_analysis as Record<string, unknown>), limit } });
  };

  it('counts against the site’s limit (Vrbo headlines: 80)', () => {
    renderResult(withLimit(80));
    expect(within(screen.getByTestId('title-current')).getByTestId('title-length')).toHaveTextContent(/^\d+\/80 characters$/);
  });

  it('notes an over-long Premium suggestion against Vrbo’s 80-character headline limit, never Airbnb’s 50', () => {
    const raw = GOLDEN_ALBANY as Record<string, unknown>;
    const long = 'Sunny Albany house with fenced yard, fast Wi-Fi and free parking near Washington Park';
    renderResult(golden({ ...raw, platform: 'vrbo', optimized_title: long, title_analysis: { ...(raw.title_analysis as Record<string, unknown>), limit: 80 } }));
    const optimized = within(screen.getByTestId('title-optimized')).getByTestId('title-length');
    expect(optimized).toHaveTextContent(`${long.length}/80 characters`);
    expect(optimized).toHaveTextContent('Note: exceeding the 80-character limit for Vrbo headlines.');
    expect(screen.queryByText(/50-character limit for Airbnb/)).toBeNull();
  });

  it('notes an over-long Premium Airbnb suggestion in SPEC’s words', () => {
    const raw = GOLDEN_ALBANY as Record<string, unknown>;
    renderResult(golden({ ...raw, optimized_title: 'Sunny Albany house with fenced yard near Washington Park' }));
    expect(within(screen.getByTestId('title-optimized')).getByTestId('title-length')).toHaveTextContent('Note: exceeding the 50-character limit for Airbnb titles.');
  });

  it('shows a plain count where the site publishes no limit (Booking.com)', () => {
    renderResult(withLimit(0));
    expect(within(screen.getByTestId('title-current')).getByTestId('title-length')).toHaveTextContent(/^\d+ characters$/);
  });
});

describe('ResultsScreen: the overall score', () => {
  it('leads with the score ring, its band and every section score', () => {
    renderResult(golden(GOLDEN_LISBON));
    const card = within(screen.getByTestId('overall-score'));
    expect(card.getByRole('heading', { name: 'Listing score' })).toBeInTheDocument();
    // The measured scores, no longer held down beside an action (issue 25).
    expect(card.getByTestId('overall-score-value')).toHaveTextContent(/^62$/);
    expect(card.getByTestId('overall-band')).toHaveTextContent(/^Room to grow$/);
    expect(card.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Title90/100',
      'Description41/100',
      'Photos58/100',
      'Amenities43/100',
      'Pricing60/100',
      'Reviews90/100',
      'Availability35/100',
    ]);
    // It comes before the summary cards and the actions.
    const [score, cards, actions] = ['overall-score', 'card-guest-rating', 'immediate-actions'].map((id) => screen.getByTestId(id));
    expect((score?.compareDocumentPosition(cards as Node) ?? 0) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect((cards?.compareDocumentPosition(actions as Node) ?? 0) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says "Not assessed" for a section without data, never a number', () => {
    renderResult(golden(GOLDEN_SPARSE));
    expect(screen.getByTestId('section-pricing')).toHaveTextContent(/^PricingNot assessed$/);
    expect(screen.getByTestId('section-photos')).toHaveTextContent(/^Photos24\/100$/);
    // Three of seven sections: too little read for one listing score (analysis.MinSectionsForOverall).
    expect(screen.getByTestId('overall-band')).toHaveTextContent('Not assessed');
    expect(screen.getByTestId('overall-score-value')).toHaveTextContent('too little read');
    expect(screen.getByTestId('overall-score')).toHaveTextContent('too few for one score of the whole listing');
  });

});

describe('ResultsScreen: a report stored before today’s fields (as the server serves it)', () => {
  it('leaves out the overall score of a report stored before there was one', () => {
    renderResult(golden(SERVED_BEFORE_OVERALL_SCORE));
    expect(screen.queryByTestId('overall-score')).toBeNull();
    // The rest of the paid report is there: its title work, actions and market data.
    expect(screen.getByTestId('title-current')).toBeInTheDocument();
    expect(screen.getByTestId('do-first')).toBeInTheDocument();
    expect(screen.getByTestId('market-comparables')).toHaveTextContent(/^24 comparable listings within 15 km$/);
  });

  it('says the listing score was not assessed, and why, never a score the report did not make', () => {
    renderResult(golden(SERVED_BEFORE_OVERALL_SCORE));
    const card = within(screen.getByTestId('card-optimization-score'));
    expect(card.getByTestId('card-optimization-score-value')).toHaveTextContent(/^Not assessed$/);
    expect(screen.getByTestId('card-optimization-score')).toHaveTextContent('made before ListingLift scored each part of a listing');
    expect(screen.getByTestId('card-optimization-score')).not.toHaveTextContent(/sections ·/);
    // Its competitive scores were made when a neutral midpoint stood in for what was not read: none is shown as the listing's.
    const bars = screen.getAllByTestId('score-bar');
    expect(bars).toHaveLength(4);
    for (const bar of bars) expect(bar).toHaveTextContent('Not assessed');
    // The rating was read then too: it is still the listing's.
    expect(screen.getByTestId('card-guest-rating-value')).toHaveTextContent('4.82');
  });

  it('shows the first reports: the task priorities they had, no ranked actions, no priority made up', () => {
    renderResult(golden(SERVED_FIRST_REPORTS));
    expect(screen.queryByTestId('overall-score')).toBeNull();
    expect(screen.queryByTestId('do-first')).toBeNull();
    // The five areas in SPEC's order (the report had no task order), each with the priority it was given.
    expect(within(screen.getByTestId('immediate-actions')).getAllByTestId('priority-badge').map((b) => b.dataset.priority)).toEqual([
      'LOW',
      'LOW',
      'MEDIUM',
      'MEDIUM',
      'LOW', // booking: the snapshot's calendar is before the report's date, so no action is ranked from it
    ]);
    expect(screen.getAllByTestId('priority-badge').every((b) => b.dataset.priority !== '')).toBe(true);
    // The description was read (98 words) but the report did not keep its text then: it never says it could not be read.
    expect(screen.getByTestId('original-description')).toHaveTextContent(/^This report was made before ListingLift kept your description’s text with it\.$/);
    // Its copy was not held to today's fact check: the server labels none, and no screen claims one.
    expect(screen.getByTestId('description-writer')).not.toHaveTextContent(/check|written by/i);
    expect(screen.queryByTestId('title-writer')).toBeNull();
  });

  it('shows a report stored before the ranked actions the same way', () => {
    renderResult(golden(SERVED_BEFORE_ACTIONS));
    expect(screen.queryByTestId('do-first')).toBeNull();
    expect(screen.getByTestId('immediate-actions')).toBeInTheDocument();
  });
});

describe('ResultsScreen: do these first', () => {
  it('lists the report’s first three actions in its order, with what to do and the expected effect', () => {
    const result = golden(GOLDEN_LISBON);
    renderResult(result);
    const items = screen.getAllByTestId('do-first-action');
    expect(items).toHaveLength(3);
    (result.actions ?? []).slice(0, 3).forEach((action, i) => {
      expect(items[i]).toHaveTextContent(action.finding);
      expect(items[i]).toHaveTextContent(`What to do: ${action.action}`);
    });
    // The effect in the words the report gives it (the revenue card decides them: Lisbon's says "Not estimated").
    const effect = result.actions?.[0]?.effect?.text ?? '';
    expect(effect).toMatch(/^Published studies found \+[\d.]+–[\d.]+% revenue/);
    expect(items[0]).toHaveTextContent(effect);
    expect(within(screen.getByTestId('do-first')).getAllByTestId('priority-badge')[0]).toHaveAttribute('data-priority', 'HIGH');
  });

  it('names the title as the listing’s site does', () => {
    const raw = GOLDEN_SPARSE as Record<string, unknown>; // a Vrbo listing whose first action is about its headline
    renderResult(golden(raw));
    const titleAction = screen.getAllByTestId('do-first-action').find((li) => li.textContent.includes('headline'));
    expect(titleAction).toHaveTextContent(/Headline/);
  });

  it('says so when nothing needs doing', () => {
    const raw = GOLDEN_LISBON as Record<string, unknown>;
    renderResult(golden({ ...raw, actions: [] }));
    expect(screen.getByTestId('do-first')).toHaveTextContent('Nothing urgent: no problems were found that need action.');
  });
});

describe('ResultsScreen: paste-ready copy', () => {
  it('shows the Basic report’s description before and after, honestly labelled, with word counts', () => {
    const result = golden(GOLDEN_SPARSE);
    renderResult(result);
    const section = within(screen.getByTestId('description-rewrite'));
    expect(section.getByRole('heading', { name: 'Your description' })).toBeInTheDocument();
    expect(section.getByTestId('original-description')).toHaveTextContent(result.original_description);
    expect(section.getByTestId('optimized-description').textContent).toBe(result.optimized_description.trim());
    // Who wrote it, in the server's words (writer_labels), as the PDF and the e-mail say it.
    expect(section.getByTestId('description-writer').textContent).toBe(
      "Written by ListingLift's template writer, from this listing's facts (no AI model); every word checked against your listing.",
    );
    expect(screen.getByTestId('title-writer').textContent).toBe(`Written by ${result.writer_labels?.title_suggestions}.`);
    // What the writer could not do is said beside the copy, as the PDF says it.
    const notes = result.writer_notes ?? [];
    expect(notes).toHaveLength(3);
    expect(section.getByTestId('writer-notes')).toHaveTextContent(notes.find((n) => n.includes('words')) ?? 'missing');
    // Fewer titles than the plan's is said with the titles.
    expect(screen.getByTestId('title-note')).toHaveTextContent("2 title suggestions, not 3: the listing's facts support no more without filler.");
    expect(section.getByRole('heading', { name: /^Before · \d+ words?$/ })).toBeInTheDocument();
    expect(section.getByRole('heading', { name: /^After · \d+ words$/ })).toBeInTheDocument();
  });

  it('copies the exact text of a title and of the description', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const result = golden(GOLDEN_LISBON);
    renderResult(result);
    const [copyTitle] = screen.getAllByRole('button', { name: `Copy title: ${result.optimized_title}` });
    if (!copyTitle) throw new Error('no copy button on the optimized title');
    fireEvent.click(copyTitle);
    expect(writeText).toHaveBeenLastCalledWith(result.optimized_title);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy the new description' }));
    expect(writeText).toHaveBeenLastCalledWith(result.optimized_description.trim());
  });

  it('says so when the browser refuses the clipboard', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
    renderResult(golden(GOLDEN_LISBON));
    fireEvent.click(screen.getByRole('button', { name: 'Copy the new description' }));
    expect(await screen.findByText('Copy failed — select the text')).toBeInTheDocument();
  });
});

describe('ResultsScreen: what we read from the page', () => {
  it.each([
    ['Basic', GOLDEN_SPARSE],
    ['Premium', GOLDEN_LISBON],
  ])('%s: the facts near the end, just before the data sources', (_plan, value) => {
    renderResult(golden(value));
    const read = screen.getByRole('heading', { level: 2, name: 'What we read from your page' });
    const sources = screen.getByRole('heading', { level: 2, name: 'Data sources' });
    expect(read.compareDocumentPosition(sources) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const heading of screen.getAllByRole('heading', { level: 2 })) {
      if (heading === read || heading === sources) continue;
      expect(heading.compareDocumentPosition(read) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('none for a report stored before the listing was kept', () => {
    renderResult(golden(SERVED_BEFORE_OVERALL_SCORE));
    expect(screen.queryByRole('heading', { name: 'What we read from your page' })).toBeNull();
  });
});
