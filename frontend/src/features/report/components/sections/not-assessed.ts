/**
 * Which figures of the report were read, decided in one place for the web (the PDF's and e-mail's is
 * backend/pdfreport/unread.go): a figure that was not read, or read only from a preview or in part, is
 * "Not assessed" with why, never SPEC's default or a count of what little was read. And the words of
 * the "Why?" evidence, the same as the PDF's and the e-mail's.
 */
import { type Evidence, type OptimizationResult } from '@/lib/report/read';
import { LISTING_SCORE_NAME, SECTION_NAMES } from '../../results';

export const NOT_ASSESSED_TEXT = 'Not assessed';

/** A figure as shown: its value (and the unit beside it), or not assessed with why. */
export type Figure = { assessed: true; value: string; unit?: string } | { assessed: false; why: string };

/** SPEC's default rating, which reports made before issue 25 held in guest_rating when none was read. */
const LEGACY_DEFAULT_RATING = 4.2;

const notAssessed = (why: string): Figure => ({ assessed: false, why });

/**
 * A report stored before the overall score existed is served without one: overall_band '' (the engine
 * has written a band, "Not assessed" included, ever since), no section scores. Its scores are then not
 * assessed for that reason, not for a page read badly; and its competitive scores, made when a neutral
 * midpoint stood in for an area not read, are not shown as the listing's.
 */
export function madeBeforeScores(result: Pick<OptimizationResult, 'overall_band'>): boolean {
  return result.overall_band === '';
}

const BEFORE_SCORES_WHY = 'This report was made before ListingLift scored each part of a listing.';

/** Each site's rating scale (analysis.Platforms): Booking.com and Vrbo rate out of 10, Airbnb out of 5. */
export function ratingScale(platform: string | undefined): 5 | 10 {
  return platform === 'booking' || platform === 'vrbo' ? 10 : 5;
}

/** A rating on its scale as the site shows it: "8.5" out of 10, "4.98" out of 5. */
function formatOnScale(value: number, scale: 5 | 10): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: scale === 10 ? 1 : 2 });
}

/**
 * The listing's rating on its own site's scale ("8.5" out of 10 for Booking.com), as the report read it
 * (rating_on_page). Not assessed when the page gave none: the report then has no rating (guest_rating
 * null), and is never shown SPEC's default 4.2. A report from before rating_on_page existed held that
 * default in guest_rating when no rating was read, so there 4.2 without a read rating is not assessed too.
 */
export function ratingFigure(result: Pick<OptimizationResult, 'platform' | 'guest_rating' | 'rating_on_page' | 'review_analysis'>): Figure {
  const shown = result.rating_on_page;
  if (shown) {
    const scale = shown.scale;
    return { assessed: true, value: formatOnScale(shown.value, scale > 5 ? 10 : 5), unit: `out of ${scale.toLocaleString('en-US')}` };
  }
  const scale = ratingScale(result.platform);
  const outOf5 = result.review_analysis.rating;
  const value = outOf5 !== undefined && outOf5 > 0 ? outOf5 : (result.guest_rating ?? 0);
  if (value > 0 && (value !== LEGACY_DEFAULT_RATING || (outOf5 ?? 0) > 0)) {
    return { assessed: true, value: formatOnScale((value / 5) * scale, scale), unit: `out of ${scale}` };
  }
  const reviews = result.review_analysis.review_count ?? 0;
  return notAssessed(
    reviews > 0
      ? `The listing has ${reviews === 1 ? '1 review' : `${reviews.toLocaleString('en-US')} reviews`}, but its rating could not be read from the page.`
      : 'No rating was read from the listing page (it may have none yet).',
  );
}

/** The photo count; not assessed when the audit was not made (a preview image, part of the gallery). */
export function photoCountFigure(result: Pick<OptimizationResult, 'photo_audit' | 'image_urls' | 'performance_insights'>): Figure {
  const audit = result.photo_audit;
  if (audit.not_assessed) return notAssessed(audit.explanation);
  const n = audit.count ?? result.image_urls?.length ?? result.performance_insights?.photo_count ?? 0;
  return { assessed: true, value: n === 1 ? '1 photo' : `${n} photos` };
}

/** The current description's word count; not assessed when only the page's preview of it was read. */
export function descriptionWordsFigure(result: OptimizationResult): Figure {
  const analysis = result.description_analysis;
  if (analysis.not_assessed) return notAssessed(analysis.explanation);
  const n = result.performance_insights?.word_count.original ?? analysis.word_count;
  return { assessed: true, value: n === 1 ? '1 word' : `${n} words` };
}

/** Why the amenities guests expect were not checked, as a sentence; null when they were. */
function amenitiesNotAssessedWhy(a: NonNullable<OptimizationResult['amenity_analysis']>): string | null {
  const reason = a.not_assessed?.trim();
  if (reason) return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}${/[.!?]$/.test(reason) ? '' : '.'}`;
  if (!a.read) return 'The amenity list could not be read from the listing page.';
  return null;
}

/** How many of the amenities guests expect the listing has; not assessed when its list was not read whole. */
export function expectedAmenitiesFigure(result: Pick<OptimizationResult, 'amenity_analysis'>): Figure | null {
  const a = result.amenity_analysis;
  const why = amenitiesNotAssessedWhy(a);
  if (why) return notAssessed(why);
  if (a.partial) return notAssessed('The page showed only part of the amenity list, so amenities not shown may be offered.');
  const expected = a.expected?.length ?? 0;
  if (expected === 0) return null;
  const has = expected - (a.missing?.length ?? 0) - (a.expected_not_included?.length ?? 0);
  return { assessed: true, value: `${has} of ${expected}` };
}

/**
 * Whether amenities to add could be suggested: not when the amenity list was not read, for then an
 * amenity not seen may still be offered, and "your listing already covers what guests expect" is not known.
 */
export function amenitySuggestionsFigure(result: Pick<OptimizationResult, 'amenity_analysis'>): Figure {
  const a = result.amenity_analysis;
  const why = amenitiesNotAssessedWhy(a);
  return why ? notAssessed(`${why} An amenity not seen may still be offered, so none is suggested.`) : { assessed: true, value: '' };
}

/**
 * The four competitive scores as the Market Analysis bars show them: a score whose section was not
 * assessed (section_scores null) is not its neutral 50 but "Not assessed" with why.
 */
export function competitiveScoreFigures(
  result: Pick<
    OptimizationResult,
    'competitive_scores' | 'section_scores' | 'amenity_analysis' | 'photo_audit' | 'explanations' | 'overall_score' | 'overall_band'
  >,
): { label: string; figure: Figure | null }[] {
  if (madeBeforeScores(result)) {
    const none = notAssessed(BEFORE_SCORES_WHY);
    return [LISTING_SCORE_NAME, SECTION_NAMES.amenities, SECTION_NAMES.photos, SECTION_NAMES.reviews].map((label) => ({ label, figure: none }));
  }
  const s = result.competitive_scores;
  const sections = result.section_scores;
  const shown = (value: number | null): Figure | null => (value === null ? null : { assessed: true, value: String(Math.round(value)) });
  const amenityWhy = amenitiesNotAssessedWhy(result.amenity_analysis);
  const amenity: Figure | null =
    sections.amenities === null
      ? notAssessed(amenityWhy ?? (result.amenity_analysis.partial ? 'The page showed only part of the amenity list.' : 'The amenities could not be judged.'))
      : shown(s.amenity_score);
  const visual: Figure | null =
    sections.photos === null ? notAssessed(result.explanations?.photo_audit ?? 'The photos were not assessed.') : shown(s.visual_score);
  const experience: Figure | null =
    sections.reviews === null ? notAssessed('No rating, reviews or review text could be read.') : shown(s.experience_score);
  // Each bar is a score the report shows above under the same name (analysis.CompetitiveSections).
  const listing: Figure | null =
    result.overall_score === null
      ? notAssessed('Too little of the listing was read for one score; its sections are scored on their own.')
      : shown(result.overall_score);
  return [
    { label: LISTING_SCORE_NAME, figure: listing },
    { label: SECTION_NAMES.amenities, figure: amenity },
    { label: SECTION_NAMES.photos, figure: visual },
    { label: SECTION_NAMES.reviews, figure: experience },
  ];
}

const FIELD_NAMES: Readonly<Record<string, string>> = {
  title: 'The title',
  description: 'The description',
  property_type: 'The property type',
  amenities: 'The amenity list',
  photos: 'The photos',
  rating: 'The rating',
  category_ratings: 'The category ratings',
  review_count: 'The review count',
  house_rules: 'The house rules',
  highlights: 'The highlights',
  price: 'The price',
  calendar: 'The calendar',
  reviews: 'The reviews',
  location: 'The location',
  capacity: 'The guest count',
  bedrooms: 'The bedroom count',
};

const FIELD_VERBS: Readonly<Record<string, string>> = { amenities: 'lists', highlights: 'lists', description: 'says', house_rules: 'says' };
/** Evidence that is not the page's own: the comparables' prices, the calendar. */
const FIELD_SUBJECTS: Readonly<Record<string, string>> = {
  market: 'The market data has',
  calendar: 'Your calendar shows',
  // Reviews may come from the site's reviews or a market snapshot's file, not the page (the PDF's fieldSubjects).
  reviews: 'Analysed:',
};

/**
 * One piece of evidence as the host reads it: 'Your page lists "Allarme antincendio" — counted as Smoke
 * alarm (read from the listing page's own data)'; evidence not read says so. pdfreport.WhySentence's words.
 */
export function whySentence(e: Evidence): string {
  const value = e.value.trim();
  const note = e.note?.trim() ?? '';
  let where = e.where.trim();
  if (where === '' || where === 'not read') {
    return `${FIELD_NAMES[e.field] ?? 'This'} was not read from your page${note ? ` — ${note}` : ''}`;
  }
  const bracket = where.indexOf(' (');
  if (bracket > 0 && where.endsWith(')')) where = `${where.slice(0, bracket)}, ${where.slice(bracket + 2, -1)}`;
  const subject = FIELD_SUBJECTS[e.field] ?? `Your page ${FIELD_VERBS[e.field] ?? 'shows'}`;
  if (value) return `${subject} ${value}${note ? ` — ${note}` : ''} (read from ${where})`;
  return `Read from ${where}${note ? `: ${note}` : ''}`;
}
