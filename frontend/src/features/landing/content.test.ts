import { describe, expect, it } from 'vitest';
import { FAQS, FEATURES, HERO, NAV_LINKS, PRICING_PLANS, TESTIMONIALS } from './content';

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

  it('has three FAQs including the 50+ factors and pay-the-difference claims', () => {
    expect(FAQS).toHaveLength(3);
    expect(FAQS.some((f) => f.answer.includes('50+ factors'))).toBe(true);
    expect(FAQS.some((f) => /upgrade.*Premium.*pay only the difference/is.test(f.answer))).toBe(true);
  });

  it('phrases the 35% / 28% claim as what hosts report', () => {
    expect(HERO.claim).toMatch(/report.*35% more bookings.*28% higher revenue/);
  });
});
