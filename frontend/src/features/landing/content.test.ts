import { describe, expect, it } from 'vitest';
import { GOLDEN_ALBANY } from '@/testing/golden';
import { FEATURES, PRICING_PLANS } from '@/lib/product';
import { FAQS, HERO, NAV_LINKS, SAMPLE_REPORT, TESTIMONIALS, TESTIMONIALS_ILLUSTRATIVE } from './content';

describe('landing content (SPEC §2 "/" and §9)', () => {
  it('has exactly the four navigation anchors', () => {
    expect(NAV_LINKS.map((l) => l.href)).toEqual(['#features', '#pricing', '#testimonials', '#contact']);
  });

  it('has the eight report sections as features', () => {
    expect(FEATURES.map((f) => f.title)).toEqual([
      'Title Suggestions',
      'Optimized Description',
      'Amenity Suggestions',
      'Pricing Analysis',
      'Photo Audit',
      'Guest Profile Analysis',
      'Booking Gap Analysis',
      'Competitive Scores & Revenue Projection',
    ]);
  });

  it('has three testimonials with name, property type, location and quote', () => {
    expect(TESTIMONIALS).toHaveLength(3);
    for (const t of TESTIMONIALS) {
      expect(t.name && t.propertyType && t.location && t.quote).toBeTruthy();
    }
  });

  it('prices Basic at $4.99 and Premium at $19.99 per listing with the promised contents', () => {
    const [basic, premium] = PRICING_PLANS;
    expect(basic).toMatchObject({ id: 'basic', price: '$4.99', unit: 'per listing' });
    expect(premium).toMatchObject({ id: 'premium', price: '$19.99', unit: 'per listing', highlighted: true });
    expect(basic?.features.join(' ')).toMatch(/3 tailored suggestions/);
    expect(basic?.features.join(' ')).toMatch(/7-day support/);
    const premiumText = premium?.features.join(' ') ?? '';
    for (const promise of [/Everything in Basic/, /10\+ .*suggestions/, /PDF/, /e-mail/, /Market analytics/]) {
      expect(premiumText).toMatch(promise);
    }
    expect(basic?.cta.to).toBe('/?package=basic#optimize');
    expect(premium?.cta.to).toBe('/?package=premium#optimize');
  });

  it('has SPEC’s three FAQs, with the 50+ factors and pay-the-difference claims, and one on Watch', () => {
    // SPEC fixes 3; the fourth is Watch's (docs/SPEC-DEVIATIONS.md).
    expect(FAQS).toHaveLength(4);
    expect(FAQS.some((f) => f.answer.includes('50+ factors'))).toBe(true);
    expect(FAQS.some((f) => /upgrade.*Premium.*pay only the difference/is.test(f.answer))).toBe(true);
  });

  it('says what Watch is, with the Premium card, and promises no ranking or revenue', () => {
    const watch = FAQS.find((f) => f.question === 'What is Watch?');
    expect(watch?.answer).toMatch(/12 weeks/);
    expect(watch?.answer).toMatch(/only when something changed/);
    expect(watch?.answer).toMatch(/pause or stop/);
    // The only mention of bookings or ranking is the disclaimer.
    expect(watch?.answer).toMatch(/does not promise more bookings or a better ranking/);
    expect(watch?.answer.replace(/does not promise more bookings or a better ranking/, '')).not.toMatch(/booking|rank|revenue|earn/i);
    const premium = PRICING_PLANS[1]?.features.join(' ') ?? '';
    expect(premium).toMatch(/12 weeks of Watch/);
    expect(premium).toMatch(/only when something changed/);
    expect(premium).not.toMatch(/rank|revenue|earn|booking/i);
  });

  it('makes only a cited claim in the hero, never an unsourced figure', () => {
    expect(HERO.claim).toMatch(/\(Zhang et al\., Management Science, 2022\)/);
    // The study's own figure and measure (occupancy), not a range it did not publish.
    expect(HERO.claim).toContain('8.98% higher occupancy');
    expect(HERO.claim).not.toMatch(/3–9|earn/);
    expect(`${HERO.claim} ${HERO.claimNote}`).not.toMatch(/35%|28%|as reported by hosts/i);
  });

  it('labels the shipped testimonials as illustrative, describing only what a report does', () => {
    expect(TESTIMONIALS_ILLUSTRATIVE).toBe(true);
    for (const t of TESTIMONIALS) {
      expect(t.name).toMatch(/^Example: /);
      // Nothing a report cannot do: it never quotes reviews back or finds an amenity in photo N.
      expect(t.quote).not.toMatch(/quoted my own reviews|photo (number )?\d+/i);
    }
  });

  it('shows figures of the engine’s sample Albany report beside the hero', () => {
    const golden = GOLDEN_ALBANY as {
      overall_score: number;
      overall_band: string;
      pricing_analysis: { price: number; percentile: number; comparables: number; p50: number };
      photo_audit: { count: number };
      actions: { area: string; finding: string }[];
      booking_gap_analysis: { findings: { message: string }[] };
    };
    expect(SAMPLE_REPORT.score).toEqual({ label: 'Listing score', value: golden.overall_score, band: golden.overall_band });
    const [calendar, pricing, photos] = SAMPLE_REPORT.findings.map((f) => f.finding);
    // The snapshot's calendar, measured (its window is before the report's date, so no action is ranked from it).
    const gaps = golden.booking_gap_analysis.findings[0]?.message ?? '';
    expect(gaps).toContain(calendar?.split(':')[0] ?? 'x');
    expect(gaps).toContain('21 nights');
    const p = golden.pricing_analysis;
    expect(pricing).toBe(`$${p.price} a night: ${Math.round(p.percentile)}nd percentile of ${p.comparables} comparable listings (median $${p.p50})`);
    expect(photos).toContain(`${golden.photo_audit.count} photos`);
  });
});
