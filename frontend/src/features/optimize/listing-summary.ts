import { type ListingField, type ScrapedListing } from './types';

const count = new Intl.NumberFormat('en-US');

function plural(n: number, one: string, many: string): string {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}

/** A usable number: finite and not negative. */
function num(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** "4.92", "4.8", "5.0" — as the listing sites print ratings. */
export function formatRating(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(Math.round(value * 100) / 100);
}

/**
 * The facts we read from a listing, as short phrases for the form's "Read: …" line, e.g.
 * ["2 bedrooms", "1.5 baths", "4 guests", "23 photos", "41 amenities", "4.92★ (128 reviews)"].
 * Only fields the server says it read (`listing.sources`) appear: an unread count is 0 in
 * the data, which must not print as "0 bedrooms". A read 0 bedrooms is a studio.
 */
export function listingSummary(listing: ScrapedListing): string[] {
  const read = (field: ListingField) => listing.sources[field] !== undefined;
  const parts: string[] = [];

  if (read('bedrooms') && num(listing.bedrooms)) {
    parts.push(listing.bedrooms === 0 ? 'Studio' : plural(listing.bedrooms, 'bedroom', 'bedrooms'));
  }
  if (read('baths') && num(listing.baths) && listing.baths > 0) {
    parts.push(plural(listing.baths, 'bath', 'baths'));
  }
  if (read('capacity') && num(listing.capacity) && listing.capacity > 0) {
    parts.push(plural(listing.capacity, 'guest', 'guests'));
  }
  const photos = listing.photos?.length ?? 0;
  if (read('photos') && photos > 0) parts.push(plural(photos, 'photo', 'photos'));
  const amenities = listing.amenities?.filter((amenity) => amenity.available).length ?? 0;
  if (read('amenities') && amenities > 0) parts.push(plural(amenities, 'amenity', 'amenities'));

  const overall = listing.ratings?.overall;
  const rating = read('rating') && num(overall) && overall > 0 ? overall : null;
  const reviews = read('review_count') && num(listing.review_count) ? listing.review_count : null;
  if (rating !== null) {
    const scale = listing.ratings?.scale;
    const shown = scale === 10 ? `${formatRating(rating)}/10` : `${formatRating(rating)}★`;
    parts.push(reviews !== null && reviews > 0 ? `${shown} (${plural(reviews, 'review', 'reviews')})` : shown);
  } else if (reviews !== null) {
    parts.push(reviews === 0 ? 'No reviews yet' : plural(reviews, 'review', 'reviews'));
  }
  return parts;
}
