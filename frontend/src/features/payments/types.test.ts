import { describe, expect, it } from 'vitest';
import { GOLDEN_ALBANY, GOLDEN_LISBON, GOLDEN_SPARSE } from './testing/golden';
import { readOptimizationResult } from './types';

describe('readOptimizationResult', () => {
  it('reads the golden Premium report with market data (albany-house)', () => {
    const result = readOptimizationResult(GOLDEN_ALBANY);
    expect(result).not.toBeNull();
    expect(result).toMatchObject({
      package_type: 'premium',
      guest_rating: 4.82,
      competitive_scores: { market_positioning: 71, amenity_score: 82, visual_score: 83, experience_score: 81 },
      revenue_projections: { revenue_impact: 6, revenue_impact_range: '+6.3–19%', estimate: true },
      task_priorities: { title_priority: 'LOW', pricing_priority: 'LOW', photo_priority: 'MEDIUM', experience_priority: 'HIGH', booking_priority: 'HIGH' },
      market_analysis_data: { available: true, market: 'Albany, New York, United States', comparables: 24 },
      pdf_download_url: '',
    });
    expect(result?.title_suggestions).toHaveLength(10);
    expect(result?.image_urls).toHaveLength(14);
    expect(result?.performance_insights?.strategic_recommendations?.length).toBeGreaterThan(0);
    expect(result?.attribution).toMatch(/Inside Airbnb/);
    expect(result?.task_priorities?.reasons?.booking_priority).toMatch(/minimum stay/);
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
    expect(result).toMatchObject({ package_type: 'basic', guest_rating: 4.2 });
    expect(result?.title_suggestions).toHaveLength(3);
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
    expect(result?.competitive_scores?.amenity_score).toBeUndefined();
    expect(result?.task_priorities?.pricing_priority).toBeUndefined();
    expect(result?.image_urls).toBeUndefined();
    expect(result?.market_analysis_data).toBeUndefined();
    expect(result).not.toHaveProperty('something_new');
  });
});
