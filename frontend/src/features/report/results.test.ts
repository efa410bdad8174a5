import { describe, expect, it } from 'vitest';
import {
  attributions,
  charCount,
  comparableRows,
  comparablesSummary,
  countWords,
  distributionRows,
  guestRating,
  monthName,
  ordinal,
  packageLabel,
  pdfHref,
  percent,
  photoCount,
  priorityOf,
  priorityTone,
  resultsHeading,
  taskOrder,
  seasonRows,
  seoKeywords,
  strategicRecommendations,
  suggestedAmenities,
  titleOptions,
  wordCounts,
} from './results';
import { GOLDEN_ALBANY, GOLDEN_LISBON, GOLDEN_SPARSE, reportOf } from '@/testing/golden';
import { type MarketAnalysisData, type MarketDistribution, type OptimizationResult, type PriorityKey, type Recommendation } from '@/lib/report/read';

function golden(value: unknown): OptimizationResult {
  return reportOf(value);
}

/** A Basic report with nothing read: the sparse golden with its copy, titles, photos and actions emptied. */
const minimal: OptimizationResult = reportOf({
  ...(GOLDEN_SPARSE as object),
  title: '',
  original_title: '',
  optimized_title: '',
  optimized_description: '',
  title_suggestions: [],
  image_urls: null,
  top_recommendations: null,
  task_order: null,
});

/** A market analysis with only the fields the server always sends, and `parts`. */
function market(parts: Partial<MarketAnalysisData>): MarketAnalysisData {
  return { available: true, best_performers: 0, common_among_best: null, comparables: 0, explanation: '', list: null, listing_in_data: false, title_patterns: null, ...parts };
}

/** A distribution of an estimate over the comparables: its quartiles, and `parts`. */
function spread(p25: number, p50: number, p75: number, parts: Partial<MarketDistribution> = {}): MarketDistribution {
  return { comparables: 0, explanation: '', p25, p50, p75, ...parts };
}

/** An action as the report ranks it: `finding`, and `parts`. */
function action(finding: string, parts: Partial<Recommendation> = {}): Recommendation {
  return { area: 'title', priority: 'LOW', severity: 'low', finding, action: '', ...parts };
}

describe('header', () => {
  it('names the package as sent, capitalised', () => {
    expect(resultsHeading('premium')).toBe('Your Premium listing optimization is ready');
    expect(resultsHeading('basic')).toBe('Your Basic listing optimization is ready');
    expect(resultsHeading('PREMIUM')).toBe('Your Premium listing optimization is ready');
    expect(resultsHeading('')).toBe('Your listing optimization is ready');
    expect(resultsHeading('premium', true)).toBe('Your re-check is ready');
    expect(packageLabel('enterprise')).toBe('Enterprise');
  });
});

describe('cards', () => {
  it('uses the guest rating, or none when none was read — never SPEC’s default 4.2 (issue 25)', () => {
    expect(guestRating(golden(GOLDEN_LISBON))).toBe(4.93);
    expect(guestRating(minimal)).toBeNull();
    // The engine sends null for a listing whose rating was not read (a Vrbo listing with no reviews yet).
    expect(guestRating(golden(GOLDEN_SPARSE))).toBeNull();
  });
});

const rank = (p: string | undefined) => ({ HIGH: 3, MEDIUM: 2, LOW: 1 })[p ?? ''] ?? 0;

describe('priorities', () => {
  it('HIGH is red, MEDIUM yellow, NOT ASSESSED (or none sent) grey, anything else green', () => {
    expect(['HIGH', 'high', ' High ', 'MEDIUM', 'medium', 'LOW', 'NONE', '', 'urgent', 'NOT ASSESSED', 'not assessed'].map(priorityTone)).toEqual([
      'red',
      'red',
      'red',
      'yellow',
      'yellow',
      'green',
      'green',
      'grey',
      'green',
      'grey',
      'grey',
    ]);
  });

  it('orders the five areas as the report ranked them, else in SPEC order', () => {
    expect(taskOrder(golden(GOLDEN_SPARSE))).toEqual([
      'title_priority',
      'photo_priority',
      'experience_priority',
      'pricing_priority',
      'booking_priority',
    ]);
    expect(taskOrder(minimal)).toEqual(['title_priority', 'pricing_priority', 'photo_priority', 'experience_priority', 'booking_priority']);
    // An order that does not name each area once is not used.
    const bad: PriorityKey[][] = [['photo_priority'], ['photo_priority', 'photo_priority', 'title_priority', 'pricing_priority', 'booking_priority']];
    for (const order of bad) {
      expect(taskOrder({ task_order: order })).toEqual(['title_priority', 'pricing_priority', 'photo_priority', 'experience_priority', 'booking_priority']);
    }
  });

  it('reads the ranked actions with their priority and expected effect', () => {
    const actions = golden(GOLDEN_LISBON).actions ?? [];
    expect(actions[0]).toMatchObject({ area: 'photos', task: 'photo_priority', priority: 'HIGH', effect: { low: 3, high: 9 } });
    // The calendar's gaps carry no effect: a calendar does not tell booked nights from blocked ones, so there are no booked nights to set them against.
    expect(actions[1]).toMatchObject({ area: 'booking', task: 'booking_priority', priority: 'HIGH' });
    expect(actions[1]?.effect).toBeUndefined();
    expect(actions[2]?.effect).toBeUndefined();
    expect(actions.map((a) => a.priority)).toEqual([...actions.map((a) => a.priority)].sort((a, b) => rank(b) - rank(a)));
    expect(golden(GOLDEN_LISBON).top_recommendations).toEqual(actions.slice(0, 3));
  });

  it('shows the report’s own priorities, NOT ASSESSED where it had no data', () => {
    const keys = ['title_priority', 'pricing_priority', 'photo_priority', 'experience_priority', 'booking_priority'] as const;
    expect(keys.map((k) => priorityOf(minimal, k))).toEqual(['HIGH', 'NOT ASSESSED', 'HIGH', 'MEDIUM', 'NOT ASSESSED']);
    // A priority the stored report lacked is served as '': not assessed, never SPEC's default HIGH.
    const unstored = { task_priorities: { ...minimal.task_priorities, title_priority: '', booking_priority: '' } } as const;
    expect(keys.map((k) => priorityOf(unstored, k))).toEqual(['NOT ASSESSED', 'NOT ASSESSED', 'HIGH', 'MEDIUM', 'NOT ASSESSED']);
    // The report's own priorities, which follow the measured gap: a recurrent wifi complaint in 2 of 9 reviews is MEDIUM.
    // Booking is LOW: the snapshot's calendar window is before the report's date, so its gaps rank no action.
    expect(keys.map((k) => priorityOf(golden(GOLDEN_ALBANY), k))).toEqual(['LOW', 'LOW', 'MEDIUM', 'MEDIUM', 'LOW']);
  });
});

describe('titles', () => {
  it('shows the top 3: the optimized title and two more; keeps all for Premium’s 10', () => {
    const lisbon = titleOptions(golden(GOLDEN_LISBON));
    expect(lisbon.current).toBe('Sunny Alfama loft ☀️ river view & terrace');
    expect(lisbon.optimized).toBe('2BR Loft in Alfama, Lisbon · River View & Terrace');
    expect(lisbon.additional).toEqual(['Alfama Loft with River View & Terrace', 'Sunny Loft in Alfama, Workspace & River View']);
    expect(lisbon.all).toHaveLength(10);
    expect(lisbon.all[0]).toBe(lisbon.optimized);

    const sparse = titleOptions(golden(GOLDEN_SPARSE));
    expect(sparse.optimized).toBe('Lake George House for 6 Guests');
    // No filler to make up three: the page gives two true titles, and the report says why there are not more.
    expect(sparse.additional).toEqual(['House in Lake George']);
    expect(sparse.all).toHaveLength(2);
  });

  it('offers the server’s optimized title with the next two; without one, three alternatives with the server’s note', () => {
    expect(titleOptions({ ...minimal, title: 'T', optimized_title: 'A', title_suggestions: ['A', 'B', 'C', 'D'] })).toEqual({
      current: 'T',
      optimized: 'A',
      additional: ['B', 'C'],
      all: ['A', 'B', 'C', 'D'],
      note: '',
    });
    // A title with nothing to fix (analysis.OffersOptimizedTitle): no suggestion is called optimized.
    const note = 'Your title has no problems to fix, so none of these is offered as a better title.';
    expect(titleOptions({ ...minimal, title: 'T', optimized_title: '', title_suggestions: ['A', 'B', 'C', 'D'], explanations: { optimized_title: note } })).toEqual({
      current: 'T',
      optimized: '',
      additional: ['A', 'B', 'C'],
      all: ['A', 'B', 'C', 'D'],
      note,
    });
    expect(titleOptions(minimal)).toEqual({ current: '', optimized: '', additional: [], all: [], note: '' });
  });

  it('counts characters as the server does (code points)', () => {
    expect(charCount('Sunny Alfama loft ☀️ river view & terrace')).toBe(41);
    expect(charCount('BEST LAKE HOUSE!!! 🌊 text 518-555-0199 to book')).toBe(46);
  });
});

describe('amenities', () => {
  it('splits the newline-separated text into at most 5 amenities', () => {
    const amenities = suggestedAmenities(golden(GOLDEN_ALBANY).suggested_amenities);
    expect(amenities).toHaveLength(5);
    expect(amenities[0]).toEqual({ name: 'EV charger', reason: 'EV drivers filter for a charger; it needs a parking space to offer.' });
    expect(suggestedAmenities('A: 1\n\n- B\r\nC: 3\nD\nE\nF\nG')).toEqual([
      { name: 'A', reason: '1' },
      { name: 'B', reason: '' },
      { name: 'C', reason: '3' },
      { name: 'D', reason: '' },
      { name: 'E', reason: '' },
    ]);
    expect(suggestedAmenities(undefined)).toEqual([]);
  });
});

describe('content', () => {
  it('compares word counts', () => {
    expect(wordCounts(golden(GOLDEN_LISBON))).toEqual({ original: 54, optimized: 132 });
    expect(wordCounts({ ...minimal, optimized_description: ' one two\n\nthree ' })).toEqual({
      original: 9,
      optimized: 3,
    });
    expect(wordCounts(minimal)).toEqual({ original: 9, optimized: null });
    expect(countWords('  a  b\tc\n')).toBe(3);
  });

  it('takes SEO keywords from the description analysis, else from the insights', () => {
    expect(seoKeywords(golden(GOLDEN_LISBON)).slice(0, 2)).toEqual([
      { keyword: 'loft', present: true },
      { keyword: 'Lisbon', present: false },
    ]);
    const insights = golden(GOLDEN_LISBON).performance_insights;
    expect(insights && seoKeywords({ ...minimal, description_analysis: { ...minimal.description_analysis, keywords: null }, performance_insights: { ...insights, seo_keywords: ['a'] } })).toEqual([
      { keyword: 'a', present: null },
    ]);
  });

  it('counts photos from image_urls', () => {
    expect(photoCount(golden(GOLDEN_ALBANY))).toBe(14);
    expect(photoCount(minimal)).toBe(0);
  });

  it('keeps the top 3 strategic recommendations', () => {
    expect(strategicRecommendations(golden(GOLDEN_LISBON))).toHaveLength(3);
    expect(
      strategicRecommendations({ ...minimal, top_recommendations: [action('F.', { action: 'Do.' }), action('G.')] }),
    ).toEqual(['F. Do.', 'G.']);
  });
});

describe('pdfHref', () => {
  it('resolves pdf_download_url against the backend origin', () => {
    expect(pdfHref('/api/reports/r1.pdf', '', 'https://app.test')).toBe('https://app.test/api/reports/r1.pdf');
    expect(pdfHref('/api/reports/r1.pdf', '/backend', 'https://app.test')).toBe('https://app.test/api/reports/r1.pdf');
    expect(pdfHref('/api/reports/r1.pdf', 'https://api.test/v1', 'https://app.test')).toBe('https://api.test/api/reports/r1.pdf');
    expect(pdfHref('https://storage.test/r1.pdf?sig=1', '', 'https://app.test')).toBe('https://storage.test/r1.pdf?sig=1');
  });

  it('gives null for no URL, or one that is not http(s)', () => {
    expect(pdfHref('', '', 'https://app.test')).toBeNull();
    expect(pdfHref('  ', '', 'https://app.test')).toBeNull();
    expect(pdfHref(undefined, '', 'https://app.test')).toBeNull();
    expect(pdfHref('javascript:alert(1)', '', 'https://app.test')).toBeNull();
  });
});

describe('attributions', () => {
  it('collects Inside Airbnb’s credit once', () => {
    expect(attributions(golden(GOLDEN_ALBANY))).toEqual(['Market data: Inside Airbnb (insideairbnb.com), CC BY 4.0']);
    expect(attributions(golden(GOLDEN_LISBON))).toEqual([]);
  });
});

describe('market analytics', () => {
  const albany = () => {
    const market = golden(GOLDEN_ALBANY).market_analysis_data;
    if (!market) throw new Error('no market analysis');
    return market;
  };

  it('formats months, shares and percentiles', () => {
    expect(monthName('2025-10')).toBe('October 2025');
    expect(monthName('2026-01', 'short')).toBe('Jan 2026');
    expect(monthName('soon')).toBe('soon');
    expect([0, 0.004, 0.441, 0.445, 1].map(percent)).toEqual(['0%', '0%', '44%', '45%', '100%']);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 62.5, 100, 101, 111].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '63rd', '100th', '101st', '111th',
    ]);
  });

  it('says how many comparables and within what radius', () => {
    expect(comparablesSummary(albany())).toBe('24 comparable listings within 15 km');
    expect(comparablesSummary({ comparables: 1, radius_km: 2.5 })).toBe('1 comparable listing within 2.5 km');
    expect(comparablesSummary({ comparables: 7 })).toBe('7 comparable listings');
  });

  it('lists a comparable whose source gives no bedroom count as "—", never as a studio (issue 29)', () => {
    const row = (bedrooms?: number) =>
      comparableRows(
        market({
          currency: 'CHF',
          list: [{ title: 'Great 2BR flat', url: '', distance_km: 0.1, bedrooms, price: 211, review_count: 68, badges: [] }],
        }),
      )[0];
    expect(row(undefined)).toMatchObject({ bedrooms: '—', size: 'size not stated', price: 'CHF\u00a0211' });
    expect(row(0)).toMatchObject({ bedrooms: 'Studio', size: 'Studio' });
    expect(row(2)).toMatchObject({ bedrooms: '2', size: '2 bedrooms' });
  });

  it('places the listing among comparables for rating, reviews, occupancy and revenue', () => {
    expect(distributionRows(albany())).toEqual([
      expect.objectContaining({ key: 'ratings', label: 'Guest rating', p25: '4.60', p50: '4.75', p75: '4.90', percentile: 66.7,
        listing: '4.82 · 67th percentile, within the middle half' }),
      expect.objectContaining({ key: 'review_counts', label: 'Reviews', p25: '50 reviews', p50: '91 reviews', p75: '131 reviews', percentile: 54.2,
        listing: '96 reviews · 54th percentile, within the middle half' }),
      expect.objectContaining({ key: 'estimated_occupancy', p25: '95 nights', p50: '129 nights', p75: '164 nights', percentile: 62.5,
        listing: '148 nights · 63rd percentile, within the middle half' }),
      expect.objectContaining({ key: 'estimated_revenue', p25: '$15,903', p50: '$22,302', p75: '$29,981', percentile: 54.2,
        listing: '$23,532 · 54th percentile, within the middle half' }),
    ]);
  });

  it('says plainly when the listing is not in the data, or has no estimate', () => {
    const d = spread(10, 20, 30);
    expect(distributionRows(market({ listing_in_data: false, estimated_occupancy: d })).map((r) => [r.listing, r.percentile])).toEqual([['Not in Inside Airbnb’s data', null]]);
    expect(distributionRows(market({ listing_in_data: true, estimated_revenue: d, currency: 'EUR' })).map((r) => [r.p50, r.listing])).toEqual([['€20', 'No estimate']]);
    expect(distributionRows(market({ listing_in_data: true, estimated_occupancy: spread(10, 20, 30, { listing: 1 }) })).map((r) => r.listing)).toEqual(['1 night']);
    expect(distributionRows(market({}))).toEqual([]);
    expect(distributionRows(market({ ratings: d })).map((r) => r.listing)).toEqual(['Not on your page']);
  });

  it('lists 12 months in order with the busiest and quietest marked and partial months said', () => {
    const rows = seasonRows(albany());
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.label)).toEqual([
      'Oct 2025', 'Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026',
    ]);
    expect(rows[0]).toMatchObject({ coverage: 'from Oct 5', share: 0.548, listingShare: 0.444, price: '$184' });
    expect(rows[1]?.coverage).toBeUndefined();
    expect(rows.filter((r) => r.busiest).map((r) => r.month)).toEqual(['2026-07']);
    expect(rows.filter((r) => r.quietest).map((r) => r.month)).toEqual(['2026-01']);
  });

  it('sorts months, shows a month once, and says when the calendar ends mid-month', () => {
    const month = (month: string, first: string, last: string, share: number, median_price?: number) => ({ month, first, last, listings: 5, nights: 40, unavailable_share: share, median_price });
    const months = [month('2026-10', '2026-10-01', '2026-10-04', 0.5), month('2026-02', '2026-02-01', '2026-02-28', 0.1, 90.4), month('2026-02', '2026-02-01', '2026-02-28', 0.9)];
    const seasons = (currency?: string) =>
      market({ currency, seasonality: { comparables: 5, start: '2026-02-01', end: '2026-10-04', explanation: '', has_prices: true, months, source: '', unavailable_share: 0.3 } });
    expect(seasonRows(seasons('USD')).map((r) => [r.month, r.coverage, r.share, r.price])).toEqual([
      ['2026-02', undefined, 0.1, '$90'],
      ['2026-10', 'to Oct 4', 0.5, undefined],
    ]);
    // Inside Airbnb's prices are the city's own currency: Zurich's francs are never dollars, and a
    // currency the report does not name is shown without a sign.
    expect(seasonRows(seasons('CHF'))[0]?.price?.replace(/\s/u, ' ')).toBe('CHF 90');
    expect(seasonRows(seasons())[0]?.price).toBe('90');
    expect(seasonRows(market({}))).toEqual([]);
  });
});
