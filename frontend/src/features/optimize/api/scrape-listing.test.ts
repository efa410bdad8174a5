import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '@/lib/api-client';
import { SCRAPE_FAILED_MESSAGE, SCRAPING_FAILED_MESSAGE } from '@/lib/messages';
import { mockScrapeFetch, SAMPLE_LISTING, SAMPLE_URL, scrapeFailure, scrapeSuccess } from '../testing/scrape-fetch';
import { ScrapeResponseError, scrapeErrorMessage, scrapeListing } from './scrape-listing';

const api = () => createApiClient({ baseUrl: '', getIdToken: () => Promise.resolve('signed-in-token') });

/** What scrapeListing rejects with, and the message the form shows for it. */
async function failWith(response: Response | Error): Promise<{ error: unknown; message: string }> {
  mockScrapeFetch(() => (response instanceof Error ? Promise.reject(response) : response));
  const error = await scrapeListing(api(), SAMPLE_URL).then(
    () => {
      throw new Error('expected the scrape to fail');
    },
    (e: unknown) => e,
  );
  return { error, message: scrapeErrorMessage(error) };
}

describe('scrapeListing (POST /api/scrape)', () => {
  it('posts {url} to /api/scrape without the ID token (the call is public)', async () => {
    const { requests } = mockScrapeFetch(() => scrapeSuccess());
    await scrapeListing(api(), SAMPLE_URL);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe('/api/scrape');
    expect(request?.listingUrl).toBe(SAMPLE_URL);
    expect(request?.headers).not.toHaveProperty('Authorization');
    expect(request?.headers).toMatchObject({ 'Content-Type': 'application/json', 'ngrok-skip-browser-warning': 'true' });
  });

  it('returns the title, the description and the listing data', async () => {
    mockScrapeFetch(() => scrapeSuccess(SAMPLE_LISTING, true));
    await expect(scrapeListing(api(), SAMPLE_URL)).resolves.toEqual({
      title: SAMPLE_LISTING.title,
      description: SAMPLE_LISTING.description,
      listing: SAMPLE_LISTING,
      cached: true,
      coverage: null,
    });
  });

  it('reads what the report will cover', async () => {
    mockScrapeFetch(() =>
      Response.json({
        success: true,
        error: '',
        title: 'T',
        description: '',
        coverage: { market: 'inside_airbnb', market_name: 'Albany, New York, United States', comparables: 24, photos: 14, reviews: true },
      }),
    );
    await expect(scrapeListing(api(), SAMPLE_URL)).resolves.toMatchObject({
      coverage: { market: 'inside_airbnb', marketName: 'Albany, New York, United States', comparables: 24, photos: 14, reviews: true, calendar: false },
    });
  });

  it('accepts the SPEC’s four fields alone (no listing data)', async () => {
    mockScrapeFetch(() => Response.json({ success: true, error: '', title: 'T', description: '' }));
    await expect(scrapeListing(api(), SAMPLE_URL)).resolves.toEqual({ title: 'T', description: '', listing: null, cached: false, coverage: null });
  });

  it('passes the abort signal on, and rejects with the AbortError', async () => {
    const { requests } = mockScrapeFetch();
    const controller = new AbortController();
    const pending = scrapeListing(api(), SAMPLE_URL, controller.signal);
    await Promise.resolve();
    await Promise.resolve();
    expect(requests[0]?.signal).toBe(controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('scrapeErrorMessage', () => {
  it.each([
    [400, 'Unsupported listing URL. Paste a public listing link from Airbnb (airbnb.com/rooms/…), Vrbo (vrbo.com/…) or Booking.com (booking.com/hotel/…).'],
    [404, 'We couldn’t find that listing. Check the link is public and try again.'],
    [429, 'Too many listing look-ups. Please wait a minute and try again.'],
    [503, 'The listing site blocked our request. Please try again in a few minutes.'],
    [503, 'Failed to scrape the listing.'],
    [200, 'Listing is private.'], // {success:false} with an OK status
  ])('shows the server’s own message (%i %s)', async (status, serverMessage) => {
    const { error, message } = await failWith(scrapeFailure(status, serverMessage));
    expect(error).toBeInstanceOf(ApiError);
    expect(message).toBe(serverMessage);
  });

  it.each([
    ['a 502 page from a proxy', new Response('<html>Bad gateway</html>', { status: 502 })],
    ['a 500 with an empty body', new Response('', { status: 500 })],
    ['a 503 whose error is blank', scrapeFailure(503, '   ')],
    ['an OK {success:false} without a message', Response.json({ success: false, error: '' })],
  ])('says "Failed to scrape the listing." for a failure answer without a message: %s', async (_case, response) => {
    expect((await failWith(response)).message).toBe(SCRAPE_FAILED_MESSAGE);
  });

  it.each([
    ['the network fails', new TypeError('Failed to fetch')],
    ['an OK answer is not JSON', new Response('<html>captive portal</html>', { status: 200 })],
    ['an OK answer is empty', new Response('', { status: 200 })],
    ['an OK answer lacks the title', Response.json({ success: true, description: 'd' })],
    ['an OK answer lacks success:true', Response.json({ title: 't', description: 'd' })],
    ['an OK answer is a list', Response.json([])],
  ])('says "Scraping failed." when there is no usable answer: %s', async (_case, response) => {
    expect((await failWith(response)).message).toBe(SCRAPING_FAILED_MESSAGE);
  });

  it('says "Scraping failed." for anything unexpected', () => {
    expect(scrapeErrorMessage(new ScrapeResponseError())).toBe(SCRAPING_FAILED_MESSAGE);
    expect(scrapeErrorMessage(new Error('boom'))).toBe(SCRAPING_FAILED_MESSAGE);
    expect(scrapeErrorMessage('boom')).toBe(SCRAPING_FAILED_MESSAGE);
  });
});
