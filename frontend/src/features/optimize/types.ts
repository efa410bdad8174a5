import { type OptimizeFormValues } from '@/types/order-form';

export { type OptimizeFormValues };

export type OptimizeTextField = Exclude<keyof OptimizeFormValues, 'plan' | 'useTypedDetails'>;

/**
 * Called with trimmed, validated values (the submit flow, use-optimize-flow.ts, is the
 * real one). A thrown Error's message is shown to the host, with an OptimizeSubmitError's
 * `detail` as a second line.
 */
export type OptimizeSubmitHandler = (values: OptimizeFormValues) => void | Promise<void>;

/**
 * A failed submit, as the form shows it: `message` (e.g. "Payment error: 400", SPEC §8)
 * and, when the server said why, its own words as `detail` (e.g. an unsupported site).
 */
export class OptimizeSubmitError extends Error {
  readonly detail: string | null;

  constructor(message: string, detail: string | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OptimizeSubmitError';
    this.detail = detail;
  }
}

/** The optimize response's `data` (SPEC §3 "Optimize response data"). */
export interface OptimizeResultData {
  title_suggestions: string[];
  optimized_title: string;
  optimized_description: string;
  /** Newline-separated. */
  suggested_amenities: string;
}

/** A finished direct optimization (payments off): what is shown in place under the form. */
export interface OptimizeOutcome {
  data: OptimizeResultData;
  /** The recorded optimization; its full report is at /payment-success?session_id=<id>. */
  optimizationId: string;
}

/** SPEC §5/§8. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
/** Shown (role="status") while the listing is being read (SPEC §4 "scraping"). */
export const SCRAPING_STATUS_MESSAGE = 'Reading your listing…';
/** Shown after a successful read when no facts could be summarised. */
export const LISTING_READ_MESSAGE = 'Listing read.';
export { GENERIC_ERROR_MESSAGE, SCRAPE_FAILED_MESSAGE, SCRAPING_FAILED_MESSAGE } from '@/lib/messages';

/**
 * Field keys of `ScrapedListing.sources` (backend/listing Field* constants). A field is
 * read only when its key is in `sources`: an unread count is 0, like a studio's bedrooms.
 */
export type ListingField =
  | 'title'
  | 'description'
  | 'property_type'
  | 'room_type'
  | 'capacity'
  | 'bedrooms'
  | 'beds'
  | 'baths'
  | 'location'
  | 'coordinates'
  | 'amenities'
  | 'photos'
  | 'rating'
  | 'category_ratings'
  | 'review_count'
  | 'superhost'
  | 'guest_favorite'
  | 'host'
  | 'house_rules'
  | 'highlights'
  | 'price'
  | 'calendar'
  | 'reviews';

/**
 * What the server read from a listing page (the `listing` of POST /api/scrape; the Go
 * type backend/listing.Listing). Zero values are omitted by the server, hence the
 * optional fields.
 */
export interface ScrapedListing {
  platform: 'airbnb' | 'vrbo' | 'booking';
  id: string;
  /** The canonical listing URL. */
  url: string;
  title: string;
  /** Plain text; paragraphs separated by a blank line. */
  description: string;
  property_type?: string;
  room_type?: string;
  /** Guests. */
  capacity?: number;
  bedrooms?: number;
  beds?: number;
  /** 1.5 = one full and one half bath. */
  baths?: number;
  location?: { area?: string; city?: string; region?: string; country?: string; lat?: number; lng?: number };
  amenities?: { name: string; available: boolean; group?: string }[];
  photos?: { url: string; caption?: string }[];
  /** On the site's own scale: 5 for Airbnb and Vrbo, 10 for Booking.com. */
  ratings?: {
    overall?: number;
    accuracy?: number;
    check_in?: number;
    cleanliness?: number;
    communication?: number;
    location?: number;
    value?: number;
    scale?: number;
  };
  review_count?: number;
  superhost?: boolean;
  guest_favorite?: boolean;
  price?: { amount: number; currency?: string; period?: string } | null;
  highlights?: string[];
  /** Which fields were read, and from where ("embedded-json", "json-ld", "opengraph", "meta", "api"). */
  sources: Partial<Record<ListingField, string>>;
  /** One sentence for every field that could not be read. */
  warnings: string[];
}

/** A successful POST /api/scrape (SPEC §3 "Scrape response", plus what the server read). */
export interface ScrapeResult {
  title: string;
  description: string;
  /** Null when the server sent no listing data (the SPEC's response has only the four fields). */
  listing: ScrapedListing | null;
  /** The server answered from its cache. */
  cached: boolean;
  /** What a report on this listing will cover; null when the server did not say. */
  coverage: Coverage | null;
}

/** What a report on the listing will include (POST /api/scrape's `coverage`). */
export interface Coverage {
  /** "inside_airbnb" (a market snapshot covers the listing), "live" (today's search around it) or "none". */
  market: string;
  marketName?: string;
  comparables: number;
  /** Why there will be no market analytics, when there will not. */
  note?: string;
  photos: number;
  reviews: boolean;
  /** The report has the listing's availability calendar (booking gaps). */
  calendar: boolean;
  /** The report's seven sections, each assessed or not (and why); empty when the server did not say. */
  sections: CoveredSection[];
  /** The title, the whole description and the photos were all read: only then is the listing "read ✓". */
  complete: boolean;
  /** When the read is not complete: what the page gave ("the title") and what it did not ("photos"), in plain words. */
  read: string[];
  missing: string[];
  /** Which plans can be sold for this listing (the server refuses Premium when `premium` is false). */
  offer: PlanOffer;
}

/** One report section, as the server says the report will treat it. */
export interface CoveredSection {
  key: string;
  name: string;
  assessed: boolean;
  /** Why it will not be assessed, in plain words. */
  why?: string;
}

/** Which plans the server sells for a listing (backend report.OfferFor). */
export interface PlanOffer {
  premium: boolean;
  /** Why only Basic is offered ("" when Premium is). */
  basicOnly: string;
  /** Each plan for this listing: offered or not (and why), and what it will deliver; absent from an older server. */
  plans?: PlanDelivery[];
}

/** One plan for one listing, as the server says before payment (backend report.PlanOffer). */
export interface PlanDelivery {
  plan: string;
  offered: boolean;
  /** Why the plan is not offered ("" when it is). */
  why: string;
  /** What the plan's report will hold for this listing, one line each ("3 title suggestions"). */
  delivers: string[];
  /** The plan's flag ("Best value"), only where it is earned; "" otherwise. */
  badge: string;
}
