/**
 * Test helpers for POST /api/scrape: a sample listing, and a fetch stand-in whose answers
 * the test gives one request at a time (so it can hold a request open, answer late, or
 * check that it was aborted).
 */
import { vi } from 'vitest';
import { type ScrapedListing } from '../types';

export const SAMPLE_URL = 'https://www.airbnb.com/rooms/48123456';

export const SAMPLE_LISTING: ScrapedListing = {
  platform: 'airbnb',
  id: '48123456',
  url: SAMPLE_URL,
  title: 'Sunny canal-side loft with balcony',
  description: 'A bright two-bedroom loft above the canal.\n\nFive minutes from the station.',
  room_type: 'Entire home',
  capacity: 4,
  bedrooms: 2,
  beds: 3,
  baths: 1.5,
  photos: Array.from({ length: 23 }, (_, i) => ({ url: `https://a0.muscache.com/im/pictures/${i}.jpg` })),
  amenities: [
    { name: 'Wifi', available: true },
    { name: 'Kitchen', available: true },
    { name: 'Washer', available: true },
    { name: 'Air conditioning', available: false },
  ],
  ratings: { overall: 4.92, cleanliness: 4.9, scale: 5 },
  review_count: 128,
  superhost: true,
  guest_favorite: false,
  sources: {
    title: 'embedded-json',
    description: 'embedded-json',
    room_type: 'embedded-json',
    capacity: 'embedded-json',
    bedrooms: 'embedded-json',
    beds: 'embedded-json',
    baths: 'embedded-json',
    photos: 'embedded-json',
    amenities: 'embedded-json',
    rating: 'embedded-json',
    review_count: 'embedded-json',
    superhost: 'embedded-json',
  },
  warnings: ['Could not read a nightly price from this page (sites often show prices only for chosen dates).'],
};

/** The body of a successful scrape of `listing`. */
export function scrapeSuccess(listing: ScrapedListing = SAMPLE_LISTING, cached = false): Response {
  return Response.json({ success: true, error: '', title: listing.title, description: listing.description, listing, cached });
}

/** A failure answer in the server's shape. */
export function scrapeFailure(status: number, error: string): Response {
  return Response.json({ success: false, error }, { status });
}

export interface ScrapeRequest {
  url: string;
  /** The `url` the form asked the server to read. */
  listingUrl: string;
  headers: Record<string, string>;
  signal: AbortSignal | null;
  respond: (response: Response) => void;
  fail: (error: unknown) => void;
}

/**
 * Replaces fetch. Every call is recorded in `requests`; it stays pending until the test
 * calls respond()/fail() on it, unless `answer` is given, which answers each at once.
 * Like the browser, an aborted request rejects with an AbortError (answering it later
 * does nothing).
 */
export function mockScrapeFetch(answer?: (request: ScrapeRequest) => Response | Promise<Response>) {
  const requests: ScrapeRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { url?: unknown }) : {};
    return new Promise<Response>((resolve, reject) => {
      const signal = init?.signal ?? null;
      signal?.addEventListener('abort', () => {
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
      const request: ScrapeRequest = {
        url,
        listingUrl: typeof body.url === 'string' ? body.url : '',
        headers: { ...(init?.headers as Record<string, string> | undefined) },
        signal,
        respond: resolve,
        fail: reject,
      };
      requests.push(request);
      if (answer) void Promise.resolve(answer(request)).then(resolve, reject);
    });
  });
  return { spy, requests };
}
