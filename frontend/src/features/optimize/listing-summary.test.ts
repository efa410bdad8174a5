import { describe, expect, it } from 'vitest';
import { formatRating, listingSummary } from './listing-summary';
import { SAMPLE_LISTING } from './testing/scrape-fetch';
import { type ScrapedListing } from './types';

const bare: ScrapedListing = { platform: 'airbnb', id: '1', url: 'https://www.airbnb.com/rooms/1', title: '', description: '', sources: {}, warnings: [] };

describe('listingSummary', () => {
  it('summarises what was read', () => {
    expect(listingSummary(SAMPLE_LISTING)).toEqual([
      '2 bedrooms',
      '1.5 baths',
      '4 guests',
      '23 photos',
      '3 amenities',
      '4.92★ (128 reviews)',
    ]);
  });

  it('leaves out every field the server did not read, whatever its value', () => {
    const unread: ScrapedListing = { ...SAMPLE_LISTING, sources: { title: 'opengraph', description: 'opengraph' } };
    expect(listingSummary(unread)).toEqual([]);
    expect(listingSummary(bare)).toEqual([]);
  });

  it('uses the singular, a studio for 0 bedrooms, and thousands separators', () => {
    const listing: ScrapedListing = {
      ...bare,
      bedrooms: 0,
      baths: 1,
      capacity: 1,
      photos: [{ url: 'https://x/1.jpg' }],
      amenities: [{ name: 'Wifi', available: true }],
      ratings: { overall: 5, scale: 5 },
      review_count: 1234,
      sources: { bedrooms: 'meta', baths: 'meta', capacity: 'meta', photos: 'meta', amenities: 'meta', rating: 'json-ld', review_count: 'json-ld' },
    };
    expect(listingSummary(listing)).toEqual(['Studio', '1 bath', '1 guest', '1 photo', '1 amenity', '5.0★ (1,234 reviews)']);
  });

  it('shows Booking.com’s 10-point scale and a rating without a review count', () => {
    expect(listingSummary({ ...bare, ratings: { overall: 8.7, scale: 10 }, sources: { rating: 'json-ld' } })).toEqual(['8.7/10']);
  });

  it('shows the review count alone when there is no rating', () => {
    expect(listingSummary({ ...bare, review_count: 0, sources: { review_count: 'embedded-json' } })).toEqual(['No reviews yet']);
    expect(listingSummary({ ...bare, review_count: 3, sources: { review_count: 'embedded-json' } })).toEqual(['3 reviews']);
  });

  it('skips counts that are zero or not numbers, and empty lists', () => {
    const odd = {
      ...bare,
      baths: 0,
      capacity: Number.NaN,
      photos: [],
      amenities: [{ name: 'Pool', available: false }],
      ratings: { overall: 0 },
      sources: { baths: 'meta', capacity: 'meta', photos: 'meta', amenities: 'meta', rating: 'meta' },
    } satisfies ScrapedListing;
    expect(listingSummary(odd)).toEqual([]);
  });
});

describe('formatRating', () => {
  it.each([
    [4.92, '4.92'],
    [4.8, '4.8'],
    [5, '5.0'],
    [4.876, '4.88'],
  ])('%d → %s', (value, expected) => {
    expect(formatRating(value)).toBe(expected);
  });
});
