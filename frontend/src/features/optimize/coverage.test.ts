import { describe, expect, it } from 'vitest';
import { THIN_MARKET, coverageLine, notAssessedGroups, readInPart } from './coverage';
import { type Coverage, type CoveredSection } from './types';

const KEYS = ['title', 'description', 'photos', 'amenities', 'pricing', 'reviews', 'availability'] as const;
const NAMES: Record<(typeof KEYS)[number], string> = {
  title: 'Title',
  description: 'Description',
  photos: 'Photos',
  amenities: 'Amenities',
  pricing: 'Pricing',
  reviews: 'Reviews',
  availability: 'Availability (calendar)',
};

/** The seven sections as the server sends them: `missing` maps a key left out to its reason. */
function sections(missing: Partial<Record<(typeof KEYS)[number], string>> = {}): CoveredSection[] {
  return KEYS.map((key) => {
    const why = missing[key];
    return why ? { key, name: NAMES[key], assessed: false, why } : { key, name: NAMES[key], assessed: true };
  });
}

const base = { sections: [], complete: true, read: [], missing: [], offer: { premium: true, basicOnly: '' } };

/** An answer from a server that sends no sections (the older shape). */
const albany: Coverage = { ...base, market: 'inside_airbnb', marketName: 'Albany, New York, United States', comparables: 24, photos: 14, reviews: true, calendar: false };
const lisbon: Coverage = {
  ...base,
  market: 'none',
  comparables: 0,
  note: 'We have no market data for this area yet, so the listing was not compared with others and no market figures are shown.',
  photos: 4,
  reviews: true,
  calendar: true,
  sections: sections({ pricing: 'no nightly price and no nearby listings or calendar prices to judge it against' }),
};
const lisbonLive: Coverage = { ...lisbon, market: 'live', marketName: 'Airbnb search around the listing', comparables: 19, note: undefined, sections: sections() };
const PREMIUM_NEEDS_PAGE =
  'Premium needs the listing page itself: we could read only the title and a preview of the description (no photos, reviews, calendar or nearby listings to compare with), so only Basic is offered.';
const sparse: Coverage = {
  ...base,
  market: 'none',
  comparables: 0,
  photos: 0,
  reviews: false,
  calendar: false,
  complete: false,
  read: ['the title', 'a preview of the description'],
  missing: ['the full description', 'photos', 'amenities', 'nightly price', 'reviews', 'availability calendar'],
  sections: sections({
    description: 'only a preview of the description was read',
    photos: 'the page did not show its photos',
    amenities: 'the page did not list its amenities',
    pricing: 'no nightly price and no nearby listings or calendar prices to judge it against',
    reviews: 'no rating or reviews were read',
    availability: 'no availability calendar was read',
  }),
  offer: { premium: false, basicOnly: PREMIUM_NEEDS_PAGE },
};
const typed: Coverage = {
  ...sparse,
  read: [],
  missing: [],
  sections: sections({
    photos: 'the listing page could not be read',
    amenities: 'the listing page could not be read',
    pricing: 'the listing page could not be read',
    reviews: 'the listing page could not be read',
    availability: 'the listing page could not be read',
  }),
};

describe('coverageLine', () => {
  it('counts the sections a report will assess and names them', () => {
    expect(coverageLine('basic', lisbon)).toEqual({
      text: 'Your report will assess 6 of the 7 sections: title, description, photos, amenities, reviews and availability (calendar).',
      warning: false,
      notAssessed: [{ names: 'Pricing', why: 'no nightly price and no nearby listings or calendar prices to judge it against' }],
    });
    expect(coverageLine('basic', lisbonLive)?.text).toBe(
      'Your report will assess all 7 sections: title, description, photos, amenities, pricing, reviews and availability (calendar).',
    );
  });

  it('says what a typed-details report leaves out, once for the one reason', () => {
    expect(coverageLine('basic', typed)).toEqual({
      text: 'Your report will assess 2 of the 7 sections: title and description.',
      warning: false,
      notAssessed: [{ names: 'Photos, amenities, pricing, reviews and availability (calendar)', why: 'the listing page could not be read' }],
    });
  });

  it('says what an older answer without sections covers', () => {
    expect(coverageLine('basic', albany)).toEqual({
      text: 'Your report will cover your title and description, 14 photos and your rating and reviews.',
      warning: false,
      notAssessed: [],
    });
    expect(coverageLine('premium', albany)?.text).toBe(
      'Your report will cover your title and description, 14 photos and your rating and reviews, with market analytics from 24 comparable listings in Albany, New York, United States.',
    );
  });

  it('warns before Premium when there is no market data', () => {
    const line = coverageLine('premium', lisbon);
    expect(line?.warning).toBe(true);
    expect(line?.text).toBe(
      `Before you choose Premium: ${lisbon.note} Its market analytics will be empty for this listing; everything else in Premium is included. Your report will assess 6 of the 7 sections: title, description, photos, amenities, reviews and availability (calendar).`,
    );
  });

  it('names the live search where no snapshot covers the listing', () => {
    expect(coverageLine('premium', lisbonLive)).toMatchObject({
      text: 'Your report will assess all 7 sections: title, description, photos, amenities, pricing, reviews and availability (calendar), with market analytics from 19 comparable listings found near yours in Airbnb’s search today.',
      warning: false,
    });
  });

  it('warns before Premium when the comparables are few', () => {
    const line = coverageLine('premium', { ...lisbonLive, comparables: THIN_MARKET - 1 });
    expect(line?.warning).toBe(true);
    expect(line?.text).toContain(`with only ${THIN_MARKET - 1} comparable listings found near yours in Airbnb’s search today, fewer than the ${THIN_MARKET} we aim for`);
    expect(coverageLine('premium', { ...lisbonLive, comparables: THIN_MARKET })?.warning).toBe(false);
  });

  it('says nothing without a coverage answer', () => {
    expect(coverageLine('premium', null)).toBeNull();
  });
});

describe('notAssessedGroups', () => {
  it('keeps the report’s order and gives each reason once', () => {
    expect(notAssessedGroups(sparse).map((group) => group.names)).toEqual([
      'Description',
      'Photos',
      'Amenities',
      'Pricing',
      'Reviews',
      'Availability (calendar)',
    ]);
    expect(notAssessedGroups(lisbonLive)).toEqual([]);
  });
});

describe('readInPart', () => {
  it('says what was and was not read when the read is not complete', () => {
    expect(readInPart(sparse)).toBe(
      'Read only in part: the title and a preview of the description. Not read: the full description, photos, amenities, nightly price, reviews and availability calendar.',
    );
  });

  it('says nothing for a complete read (the form says it was read)', () => {
    expect(readInPart(lisbon)).toBeNull();
    expect(readInPart(null)).toBeNull();
  });
});
