import { describe, expect, it } from 'vitest';
import { GOLDEN_ALBANY, GOLDEN_LISBON, GOLDEN_SPARSE } from '@/testing/golden';
import { readOptimizationResult } from './read';

describe('readOptimizationResult', () => {
  it('reads the golden Premium report with market data (albany-house)', () => {
    const result = readOptimizationResult(GOLDEN_ALBANY);
    expect(result).not.toBeNull();
    expect(result).toMatchObject({
      package_type: 'premium',
      guest_rating: 4.82,
      rating_on_page: { value: 4.82, scale: 5, text: '4.82 out of 5' },
      // The measured scores, no longer held down beside an action (issue 25).
      competitive_scores: { market_positioning: 80, amenity_score: 82, visual_score: 83, experience_score: 81 },
      overall_score: 80,
      overall_band: 'Strong',
      section_scores: { title: 100, description: 69, photos: 83, amenities: 82, pricing: 80, reviews: 81, availability: 35 },
      revenue_projections: { revenue_impact: 6, revenue_impact_range: '+6.3–19%', estimate: true },
      task_priorities: { title_priority: 'LOW', pricing_priority: 'LOW', photo_priority: 'MEDIUM', experience_priority: 'MEDIUM', booking_priority: 'HIGH' },
      market_analysis_data: { available: true, market: 'Albany, New York, United States', comparables: 24 },
      pdf_download_url: '',
    });
    expect(result?.title_suggestions).toHaveLength(10);
    expect(result?.image_urls).toHaveLength(14);
    expect(result?.performance_insights?.strategic_recommendations?.length).toBeGreaterThan(0);
    expect(result?.attribution).toMatch(/Inside Airbnb/);
    expect(result?.task_priorities?.reasons?.booking_priority).toMatch(/minimum stay/);
  });

  it('reads the market analytics of the golden Premium report: radius, distributions, seasonality', () => {
    const market = readOptimizationResult(GOLDEN_ALBANY)?.market_analysis_data;
    expect(market).toMatchObject({ radius_km: 15, comparables: 24, listing_in_data: true });
    expect(market?.estimated_occupancy).toMatchObject({ comparables: 24, p25: 94.5, p50: 129, p75: 163.5, listing: 148, listing_percentile: 62.5, position: 'within' });
    expect(market?.estimated_revenue).toMatchObject({ p50: 22302, listing: 23532, listing_percentile: 54.2 });
    expect(market?.estimated_revenue?.explanation).toMatch(/54th percentile/);
    const seasons = market?.seasonality;
    expect(seasons?.months).toHaveLength(12);
    expect(seasons).toMatchObject({ busiest_month: '2026-07', quietest_month: '2026-01', has_prices: true, comparables: 23 });
    expect(seasons?.months[0]).toMatchObject({ month: '2025-10', first: '2025-10-05', unavailable_share: 0.548, median_price: 184, listing_unavailable_share: 0.444 });
    expect(seasons?.months.filter((m) => m.busiest).map((m) => m.month)).toEqual(['2026-07']);
    expect(seasons?.months.filter((m) => m.quietest).map((m) => m.month)).toEqual(['2026-01']);
    expect(seasons?.explanation).toMatch(/booked or blocked/);
  });

  it('keeps the rest of the market analysis when a new part is missing or malformed', () => {
    const market = (value: Record<string, unknown>) =>
      readOptimizationResult({ package_type: 'premium', title_suggestions: [], market_analysis_data: { available: true, comparables: 30, price_p50: 99, ...value } })
        ?.market_analysis_data;

    // Absent: the report before these fields existed.
    expect(market({})).toMatchObject({ available: true, comparables: 30, price_p50: 99 });
    expect(market({})?.seasonality).toBeUndefined();

    // A distribution without its three quartiles is dropped; a percentile out of range is left out.
    const broken = market({
      radius_km: '15',
      estimated_occupancy: { p25: 1, p75: 3 },
      estimated_revenue: { p25: 1, p50: 2, p75: 3, listing: 2, listing_percentile: 140, position: 7 },
      seasonality: { months: 'twelve' },
    });
    expect(broken).toMatchObject({ available: true, comparables: 30, price_p50: 99 });
    expect(broken?.radius_km).toBeUndefined();
    expect(broken?.estimated_occupancy).toBeUndefined();
    expect(broken?.estimated_revenue).toEqual({ p25: 1, p50: 2, p75: 3, listing: 2, listing_percentile: undefined, position: undefined, comparables: undefined, explanation: undefined });
    expect(broken?.seasonality).toBeUndefined();

    // Bad months are dropped, good ones kept; shares must be 0–1.
    const seasons = market({
      seasonality: {
        months: [
          { month: '2026-01', unavailable_share: 0.2, busiest: 'yes', listing_unavailable_share: 2 },
          { month: '2026-02', unavailable_share: 1.5 },
          { month: 'March', unavailable_share: 0.3 },
          { unavailable_share: 0.3 },
          'x',
          { month: '2026-04', unavailable_share: 0.4, quietest: true },
        ],
        busiest_month: 3,
      },
    })?.seasonality;
    expect(seasons?.months.map((m) => [m.month, m.unavailable_share, m.busiest, m.quietest, m.listing_unavailable_share])).toEqual([
      ['2026-01', 0.2, false, false, undefined],
      ['2026-04', 0.4, false, true, undefined],
    ]);
    expect(seasons?.busiest_month).toBeUndefined();
    // No usable month: no seasonality.
    expect(market({ seasonality: { months: [{ month: '2026-01' }] } })?.seasonality).toBeUndefined();
  });

  it('reads the golden Premium report without market data (lisbon-loft)', () => {
    const result = readOptimizationResult(GOLDEN_LISBON);
    expect(result).toMatchObject({ package_type: 'premium', guest_rating: 4.93, market_analysis_data: { available: false } });
    expect(result?.market_analysis_data?.note).toMatch(/no market data/);
    expect(result?.description_analysis?.keywords).toContainEqual({ keyword: 'Lisbon', present: false });
    expect(result?.performance_insights?.word_count).toEqual({ original: 54, optimized: 123 });
  });

  it('reads the golden Basic report (sparse-vrbo): Premium parts are null, so absent', () => {
    const result = readOptimizationResult(GOLDEN_SPARSE);
    expect(result).toMatchObject({ package_type: 'basic' });
    // No rating was read: the engine sends null (never SPEC's default 4.2), so the reader has none.
    expect(result?.guest_rating).toBeUndefined();
    expect(result?.rating_on_page).toBeUndefined();
    expect(result?.title_suggestions).toHaveLength(2); // no filler: two true titles, and a note
    expect(result?.performance_insights).toBeUndefined();
    expect(result?.market_analysis_data).toBeUndefined();
    expect(result?.attribution).toBeUndefined();
  });

  it('rejects what is not a report', () => {
    for (const value of [null, undefined, 'report', 42, [], {}, { package_type: 'basic' }, { title_suggestions: [] }, { package_type: 1, title_suggestions: [] }]) {
      expect(readOptimizationResult(value)).toBeNull();
    }
  });

  it('drops mistyped fields and keeps the rest; ignores unknown fields', () => {
    const result = readOptimizationResult({
      package_type: 'basic',
      title_suggestions: ['A', 7, 'B'],
      guest_rating: '4.9',
      rating_on_page: { value: '8.5', scale: 10 },
      competitive_scores: { market_positioning: 80, amenity_score: 'high' },
      task_priorities: { title_priority: 'LOW', pricing_priority: 3, reasons: { title_priority: 'ok', x: 1 } },
      photo_audit: { findings: [{ message: 'm', action: 'a' }, { action: 'no message' }, 'x'] },
      image_urls: 'not a list',
      market_analysis_data: null,
      something_new: { nested: true },
    });
    expect(result).toMatchObject({
      title_suggestions: ['A', 'B'],
      competitive_scores: { market_positioning: 80 },
      task_priorities: { title_priority: 'LOW', reasons: { title_priority: 'ok' } },
      photo_audit: { findings: [{ message: 'm', action: 'a' }] },
    });
    expect(result?.guest_rating).toBeUndefined();
    expect(result?.rating_on_page).toBeUndefined();
    expect(result?.competitive_scores?.amenity_score).toBeUndefined();
    expect(result?.task_priorities?.pricing_priority).toBeUndefined();
    expect(result?.image_urls).toBeUndefined();
    expect(result?.market_analysis_data).toBeUndefined();
    expect(result).not.toHaveProperty('something_new');
  });
});
