import { ApiError, type ApiClient } from '@/lib/api-client';
import { SCRAPE_FAILED_MESSAGE, SCRAPING_FAILED_MESSAGE } from '@/lib/messages';
import { type Coverage, type CoveredSection, type PlanDelivery, type PlanOffer, type ScrapedListing, type ScrapeResult } from '../types';

/** An OK answer to POST /api/scrape that does not have the response's shape. */
export class ScrapeResponseError extends Error {
  constructor() {
    super('The scrape response does not have the expected shape.');
    this.name = 'ScrapeResponseError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The listing data when it has the shape the form relies on (an object with `sources`), else null. */
function readListing(value: unknown): ScrapedListing | null {
  if (!isRecord(value) || !isRecord(value.sources)) return null;
  return value as unknown as ScrapedListing;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function readSections(value: unknown): CoveredSection[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.key === 'string' && typeof item.name === 'string'
      ? [{ key: item.key, name: item.name, assessed: item.assessed === true, ...(typeof item.why === 'string' && item.why ? { why: item.why } : {}) }]
      : [],
  );
}

/** The plans offered; Premium only when the server said so (an answer without an offer keeps both, as before). */
function readOffer(value: unknown): PlanOffer {
  if (!isRecord(value)) return { premium: true, basicOnly: '', plans: [] };
  return {
    premium: value.premium === true,
    basicOnly: typeof value.basic_only === 'string' ? value.basic_only : '',
    plans: Array.isArray(value.plans) ? value.plans.flatMap(readPlanDelivery) : [],
  };
}

/** One plan's delivery for this listing (report.PlanOffer), or nothing when it is not of that shape. */
function readPlanDelivery(value: unknown): PlanDelivery[] {
  if (!isRecord(value) || typeof value.plan !== 'string') return [];
  return [
    {
      plan: value.plan,
      offered: value.offered === true,
      why: typeof value.why === 'string' ? value.why : '',
      delivers: strings(value.delivers),
      badge: typeof value.badge === 'string' ? value.badge : '',
    },
  ];
}

/** The report's coverage when the answer has one of the expected shape, else null. */
export function readCoverage(value: unknown): Coverage | null {
  if (!isRecord(value) || typeof value.market !== 'string') return null;
  return {
    market: value.market,
    marketName: typeof value.market_name === 'string' && value.market_name ? value.market_name : undefined,
    comparables: typeof value.comparables === 'number' ? value.comparables : 0,
    note: typeof value.note === 'string' && value.note ? value.note : undefined,
    photos: typeof value.photos === 'number' ? value.photos : 0,
    reviews: value.reviews === true,
    calendar: value.calendar === true,
    sections: readSections(value.sections),
    complete: value.complete === true,
    read: strings(value.read),
    missing: strings(value.missing),
    offer: readOffer(value.offer),
  };
}

/**
 * The coverage a failed read's answer carries: when the page cannot be read right now
 * (503), the server says what a report from typed details would cover (Basic only).
 */
export function failureCoverage(error: unknown): Coverage | null {
  return error instanceof ApiError && isRecord(error.body) ? readCoverage(error.body.coverage) : null;
}

/**
 * POST /api/scrape {url} (SPEC §7) — public, so it is sent without the ID token.
 * Resolves with the listing's title and description (and what else the server read);
 * rejects with an ApiError for a failure answer or no answer, a ScrapeResponseError for
 * an OK answer without `success: true` and string `title` and `description`, and the
 * AbortError when `signal` aborts. scrapeErrorMessage() turns a rejection into the
 * message the form shows.
 */
export async function scrapeListing(api: ApiClient, url: string, signal?: AbortSignal): Promise<ScrapeResult> {
  const body = await api.post<unknown>('/scrape', { url }, { signal, auth: false });
  if (!isRecord(body) || body.success !== true || typeof body.title !== 'string' || typeof body.description !== 'string') {
    throw new ScrapeResponseError();
  }
  return {
    title: body.title,
    description: body.description,
    listing: readListing(body.listing),
    cached: body.cached === true,
    coverage: readCoverage(body.coverage),
  };
}

/**
 * The message shown when a scrape fails (SPEC §8 "Failed to scrape the listing.;
 * Scraping failed."):
 *  1. the server's own `error` message, whenever it sent one (unsupported site, not found,
 *     rate limited, blocked by the site…: a person can act on it);
 *  2. "Failed to scrape the listing." when the server answered with a failure but no
 *     message (a non-2xx answer with no readable `error`, e.g. a proxy's HTML 502, or
 *     `{success: false}` with an empty `error`);
 *  3. "Scraping failed." when there was no usable answer: the request did not reach the
 *     server (network error), or an OK answer could not be read (not JSON, or not the
 *     scrape response's shape), and for anything unexpected.
 * Aborted requests are not failures: callers ignore them before asking for a message.
 */
export function scrapeErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'status' || error.kind === 'unsuccessful') return SCRAPE_FAILED_MESSAGE;
  }
  return SCRAPING_FAILED_MESSAGE;
}
