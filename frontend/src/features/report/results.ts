/**
 * What the /payment-success results screen shows (SPEC §2, §3, §9), computed from the
 * report. Pure functions, so each rule is tested on its own.
 */
import { formatDate, formatMoney } from '@/lib/format';
import { isPlanId, PLANS, type Plan } from '@/lib/plans';
import {
  comparableLink,
  PRIORITY_KEYS,
  type DescriptionKeyword,
  type MarketAnalysisData,
  type MarketDistribution,
  type OptimizationResult,
  type PriorityKey,
  type SectionKey,
} from '@/lib/report/read';

/** SPEC §9: results show the top 3 titles and up to 5 suggested amenities. */
export const TOP_TITLES = 3;
export const MAX_SUGGESTED_AMENITIES = 5;
/** SPEC §9 "title limit hint". */
export const TITLE_LIMIT = 50;
/** SPEC §9: the top 3 recommendations. */
export const TOP_RECOMMENDATIONS = 3;

/** An area the report had no data for: its own grey badge, never SPEC's default HIGH. */
export const NOT_ASSESSED = 'NOT ASSESSED';

export type PriorityTone = 'red' | 'yellow' | 'green' | 'grey';

/** The plan table's entry for the report's plan; null for a plan the table does not know. */
export function reportPlan(result: Pick<OptimizationResult, 'package_type'>): Plan | null {
  const id = result.package_type.trim().toLowerCase();
  return isPlanId(id) ? PLANS[id] : null;
}

/** What a plan may include (the plan table's yes-or-no entries). */
export type Inclusion = { [K in keyof Plan]: Plan[K] extends boolean ? K : never }[keyof Plan];

/**
 * Whether the report's plan includes `what`, as the plan table says (the server's
 * plans.Includes): the PDF, the market analytics and the sections that read them, SPEC §5's
 * title-limit note… A plan the table does not know includes nothing.
 */
export function includes(result: Pick<OptimizationResult, 'package_type'>, what: Inclusion): boolean {
  return reportPlan(result)?.[what] === true;
}

/**
 * The header's badge beside the heading: the plan's name ("Premium") for a plan with the
 * market analytics, '' for one without. The server's drawn page asks the same of its plan
 * table (backend httpapi/reportpage.go).
 */
export function planBadge(result: Pick<OptimizationResult, 'package_type'>): string {
  const plan = reportPlan(result);
  return plan?.marketAnalytics ? plan.name : '';
}

/** The package as the header names it: "premium" → "Premium" (any other value as sent, capitalised). */
export function packageLabel(packageType: string): string {
  const value = packageType.trim();
  return value ? value.charAt(0).toUpperCase() + value.slice(1).toLowerCase() : 'Your';
}

/** "Your Premium listing optimization is ready" (SPEC §2); a re-check's: "Your re-check is ready". */
export function resultsHeading(packageType: string, isRecheck = false): string {
  if (isRecheck) return 'Your re-check is ready';
  const label = packageLabel(packageType);
  return label === 'Your' ? 'Your listing optimization is ready' : `Your ${label} listing optimization is ready`;
}

/** The listing's rating out of 5, or null when none was read: never SPEC's default 4.2, which is not its rating (issue 25). */
export function guestRating(result: Pick<OptimizationResult, 'guest_rating'>): number | null {
  return result.guest_rating ?? null;
}

/**
 * A task area's priority as the report sent it (HIGH, MEDIUM, LOW or NOT ASSESSED); NOT ASSESSED
 * for '', which a report stored without that area's priority is served with.
 */
export function priorityOf(result: Pick<OptimizationResult, 'task_priorities'>, key: PriorityKey): string {
  return result.task_priorities[key] || NOT_ASSESSED;
}

/** SPEC §2: HIGH red, MEDIUM yellow, anything else green — except an area not assessed (or none sent), grey. */
export function priorityTone(priority: string): PriorityTone {
  const value = priority.trim().toUpperCase();
  if (value === 'HIGH') return 'red';
  if (value === 'MEDIUM') return 'yellow';
  if (value === NOT_ASSESSED || value === '') return 'grey';
  return 'green';
}

/** The five task areas in the report's order (most important action first); SPEC's order for a report without one, or with one that does not name each area once. */
export function taskOrder(result: Pick<OptimizationResult, 'task_order'>): readonly PriorityKey[] {
  const order = result.task_order ?? [];
  return order.length === PRIORITY_KEYS.length && new Set(order).size === order.length ? order : PRIORITY_KEYS;
}

/** The trimmed text, or undefined when it is missing or blank. */
export function nonBlank(text: string | undefined): string | undefined {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
}

/** Characters as the server counts them (Unicode code points). */
export function charCount(text: string): number {
  return Array.from(text).length;
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export interface TitleOptions {
  current: string;
  /** The suggestion offered as the optimized title; '' when the title has nothing to fix (analysis.OffersOptimizedTitle). */
  optimized: string;
  /** The next suggestions, so that optimized + additional are the top TOP_TITLES; without an optimized title, the top TOP_TITLES as alternatives. */
  additional: string[];
  /** Every suggestion, optimized first (Premium has 10+). */
  all: string[];
  /** Without an optimized title, why the suggestions are alternatives (the server's explanations.optimized_title); else ''. */
  note: string;
}

/**
 * SPEC §2 item 1: current title, the optimized title and the rest as additional options. The
 * server decides whether a suggestion is offered as optimized (optimized_title, '' for a title
 * with nothing to fix), so every form of the report says the same.
 */
export function titleOptions(result: OptimizationResult): TitleOptions {
  const suggestions = (result.title_suggestions ?? []).map((s) => s.trim()).filter(Boolean);
  const optimized = nonBlank(result.optimized_title) ?? '';
  const others = suggestions.filter((s) => s !== optimized);
  return {
    current: nonBlank(result.original_title) ?? nonBlank(result.title) ?? '',
    optimized,
    additional: others.slice(0, optimized ? TOP_TITLES - 1 : TOP_TITLES),
    all: optimized ? [optimized, ...others] : others,
    note: optimized ? '' : (nonBlank(result.explanations?.optimized_title) ?? ''),
  };
}

/** The parts of the copy the server labels (backend writing.Part*). */
export type CopyPart = 'title_suggestions' | 'optimized_description' | 'amenity_copy';

/**
 * Who wrote a part of the copy and what was checked, in the server's words (writer_labels, from
 * writing.WriterLabel, set only for a part that passed the fact checker), said as the PDF and the
 * e-mail say it: "Written by Gemini (AI); every word checked against your listing — …". null when
 * the report has no label for the part (one stored before labels): then nothing is claimed.
 */
export function writtenBy(result: Pick<OptimizationResult, 'writer_labels'>, part: CopyPart): string | null {
  const label = result.writer_labels?.[part]?.trim();
  return label ? `Written by ${label}.` : null;
}

/**
 * The writers' notes split by what they are about: fewer titles than asked (shown with the titles),
 * the rest (shown with the new description).
 */
export function writerNotes(result: Pick<OptimizationResult, 'writer_notes'>): { titles: string[]; description: string[] } {
  const notes = (result.writer_notes ?? []).map((n) => n.trim()).filter(Boolean);
  const aboutTitles = (n: string) => /\btitle suggestion/i.test(n);
  return { titles: notes.filter(aboutTitles), description: notes.filter((n) => !aboutTitles(n)) };
}

export interface SuggestedAmenity {
  name: string;
  reason: string;
}

/** SPEC §7: newline-separated "Amenity: reason" lines; at most MAX_SUGGESTED_AMENITIES (SPEC §9). */
export function suggestedAmenities(text: string | undefined): SuggestedAmenity[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^[-•*]\s*/, ''))
    .filter(Boolean)
    .slice(0, MAX_SUGGESTED_AMENITIES)
    .map((line) => {
      const colon = line.indexOf(':');
      return colon > 0 ? { name: line.slice(0, colon).trim(), reason: line.slice(colon + 1).trim() } : { name: line, reason: '' };
    });
}

/** Word counts of the original and optimized descriptions (null when unknown). */
export function wordCounts(result: OptimizationResult): { original: number | null; optimized: number | null } {
  const counts = result.performance_insights?.word_count;
  const optimizedText = result.optimized_description.trim();
  return {
    original: counts?.original ?? result.description_analysis.word_count,
    optimized: counts?.optimized ?? (optimizedText ? countWords(optimizedText) : null),
  };
}

/** SEO keywords: the description analysis's (with whether the original uses each), else the insights' list. */
export function seoKeywords(result: OptimizationResult): { keyword: string; present: boolean | null }[] {
  const analyzed: DescriptionKeyword[] = result.description_analysis.keywords ?? [];
  if (analyzed.length > 0) return analyzed.map((k) => ({ keyword: k.keyword, present: k.present }));
  return (result.performance_insights?.seo_keywords ?? []).map((keyword) => ({ keyword, present: null }));
}

/** Photo count (SPEC §2: from image_urls). */
export function photoCount(result: OptimizationResult): number {
  return result.image_urls?.length ?? result.performance_insights?.photo_count ?? 0;
}

/** SPEC §9: the top 3 strategic recommendations. */
export function strategicRecommendations(result: OptimizationResult): string[] {
  const fromInsights = result.performance_insights?.strategic_recommendations ?? [];
  const list = fromInsights.length
    ? fromInsights
    : (result.top_recommendations ?? []).map((r) => [r.finding, r.action].filter(Boolean).join(' '));
  return list.slice(0, TOP_RECOMMENDATIONS);
}

/**
 * The PDF link: pdf_download_url resolved against the backend's origin (the origin of
 * config.apiBase when it is a URL, else this page's). null when there is none, or when it
 * is not an http(s) URL.
 */
export function pdfHref(pdfUrl: string | undefined, apiBase: string, pageOrigin: string): string | null {
  const path = pdfUrl?.trim();
  if (!path) return null;
  let base = pageOrigin;
  if (/^https?:\/\//i.test(apiBase)) base = new URL(apiBase).origin;
  try {
    const url = new URL(path, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The distinct attributions the report carries (Inside Airbnb's CC BY credit when market data was used). */
export function attributions(result: OptimizationResult): string[] {
  const all = [
    result.attribution,
    result.market_analysis_data?.attribution,
    ...(result.data_sources ?? []).map((source) => source.attribution),
  ];
  return [...new Set(all.map((a) => a?.trim()).filter((a): a is string => Boolean(a)))];
}

/** "4.93", "4.2", "5". */
export function formatRating(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

// ---- Market analytics (Premium) ----

/** "October 2025" (or "Oct 2025" short) from "2025-10"; the text as given when it is not a month. */
export function monthName(month: string, style: 'long' | 'short' = 'long'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return date.toLocaleString('en-US', { month: style, year: 'numeric', timeZone: 'UTC' });
}

/** A 0–1 share as a whole percent: 0.441 → "44%". */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** A percentile as "1st", "52nd", "63rd", "90th" (rounded to a whole number). */
export function ordinal(value: number): string {
  const n = Math.round(value);
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "24 comparable listings within 15 km". */
export function comparablesSummary(market: Pick<MarketAnalysisData, 'comparables' | 'radius_km'>): string {
  const count = market.comparables;
  const listings = count === 1 ? '1 comparable listing' : `${count} comparable listings`;
  const radius = market.radius_km;
  return radius !== undefined && radius > 0 ? `${listings} within ${radius.toLocaleString('en-US', { maximumFractionDigits: 1 })} km` : listings;
}

const POSITION_LABEL: Readonly<Record<string, string>> = {
  below: 'below the middle half',
  within: 'within the middle half',
  above: 'above the middle half',
};

export interface DistributionRow {
  key: 'estimated_occupancy' | 'estimated_revenue' | 'ratings' | 'review_counts';
  label: string;
  p25: string;
  p50: string;
  p75: string;
  /** The listing's figure and rank, or plainly why there is none. */
  listing: string;
  /** 0–100 when the listing is ranked. */
  percentile: number | null;
  explanation?: string;
}

/**
 * Ratings, review counts and (from Inside Airbnb's estimates) occupancy and revenue among the
 * comparables, with the listing's place: its figure and percentile, "Not in Inside Airbnb's data"
 * when the listing is not in it, "No estimate" when it is but has none, "Not on your page" for a
 * rating or review count the page did not show.
 */
export function distributionRows(market: MarketAnalysisData): DistributionRow[] {
  const currency = market.currency;
  const nights = (v: number) => {
    const n = Math.round(v);
    return n === 1 ? '1 night' : `${n} nights`;
  };
  const money = (v: number) => formatMoney(v, currency);
  const rating = (v: number) => v.toFixed(2);
  const reviews = (v: number) => {
    const n = Math.round(v);
    return n === 1 ? '1 review' : `${n.toLocaleString('en-US')} reviews`;
  };
  const parts: { key: DistributionRow['key']; label: string; d: MarketDistribution | undefined; format: (v: number) => string }[] = [
    { key: 'ratings', label: 'Guest rating', d: market.ratings, format: rating },
    { key: 'review_counts', label: 'Reviews', d: market.review_counts, format: reviews },
    { key: 'estimated_occupancy', label: 'Booked nights a year (est.)', d: market.estimated_occupancy, format: nights },
    { key: 'estimated_revenue', label: 'Revenue a year (est.)', d: market.estimated_revenue, format: money },
  ];
  const rows: DistributionRow[] = [];
  for (const { key, label, d, format } of parts) {
    if (!d) continue;
    let listing = !market.listing_in_data ? 'Not in Inside Airbnb’s data' : 'No estimate';
    if (key === 'ratings' || key === 'review_counts') listing = 'Not on your page';
    let percentile: number | null = null;
    if (d.listing !== undefined) {
      listing = format(d.listing);
      if (d.listing_percentile !== undefined) {
        percentile = d.listing_percentile;
        const position = d.position ? POSITION_LABEL[d.position] : undefined;
        listing += ` · ${ordinal(d.listing_percentile)} percentile${position ? `, ${position}` : ''}`;
      }
    }
    rows.push({ key, label, p25: format(d.p25), p50: format(d.p50), p75: format(d.p75), listing, percentile, explanation: d.explanation });
  }
  return rows;
}

/** Where the market figures come from, in one line: a dated snapshot or today's search and its stay. */
export function marketSourceLine(market: MarketAnalysisData): string | null {
  if (market.source === 'live') {
    const searched = market.snapshot ? ` on ${longDay(market.snapshot)}` : '';
    const stay =
      market.stay_checkin && market.stay_checkout
        ? ` · prices for a ${nightsBetween(market.stay_checkin, market.stay_checkout)}-night stay from ${longDay(market.stay_checkin)}`
        : '';
    return `Live: nearby listings in Airbnb’s search${searched}${stay}`;
  }
  return market.snapshot ? `Inside Airbnb snapshot of ${longDay(market.snapshot)}` : null;
}

/** A calendar day ("2026-11-26") in the report's one date format: "November 26, 2026". */
function longDay(date: string): string {
  const shown = formatDate(`${date}T00:00:00Z`, 'UTC');
  return shown === '—' ? date : shown;
}

function nightsBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface ComparableRow {
  title: string;
  url: string;
  distance: string;
  bedrooms: string;
  /** "Studio", "1 bedroom", "3 bedrooms", "size not stated". */
  size: string;
  price: string;
  rating: string;
  badges: string;
}

/** The comparables as the results list them: text only, a link only to the listing's own page. */
export function comparableRows(market: MarketAnalysisData): ComparableRow[] {
  const currency = market.currency;
  return (market.list ?? []).map((c) => ({
    title: c.title,
    url: comparableLink(c),
    distance: `${c.distance_km.toLocaleString('en-US', { maximumFractionDigits: 1 })} km`,
    bedrooms: c.bedrooms === undefined ? '—' : c.bedrooms === 0 ? 'Studio' : String(c.bedrooms),
    size:
      c.bedrooms === undefined
        ? 'size not stated'
        : c.bedrooms === 0
          ? 'Studio'
          : c.bedrooms === 1
            ? '1 bedroom'
            : `${c.bedrooms} bedrooms`,
    price: c.price !== undefined && c.price > 0 ? formatMoney(c.price, currency) : '—',
    rating:
      c.rating !== undefined && c.rating > 0
        ? `${c.rating.toFixed(2)} (${c.review_count.toLocaleString('en-US')})`
        : c.review_count > 0
          ? `${c.review_count} reviews`
          : 'New',
    badges: (c.badges ?? []).join(', '),
  }));
}

export interface SeasonRow {
  month: string;
  /** "Oct 2025". */
  label: string;
  /** "from Oct 5" / "to Oct 4" when the calendar covers part of the month. */
  coverage?: string;
  share: number;
  listingShare?: number;
  /** The median listed nightly price, formatted. */
  price?: string;
  busiest: boolean;
  quietest: boolean;
}

function dayOf(date: string | undefined): number | null {
  const match = /^\d{4}-\d{2}-(\d{2})$/.exec(date ?? '');
  return match ? Number(match[1]) : null;
}

/** The seasonality's months as shown, in month order (a month listed twice is shown once). */
export function seasonRows(market: MarketAnalysisData): SeasonRow[] {
  const currency = market.currency;
  const seen = new Set<string>();
  const months = [...(market.seasonality?.months ?? [])].sort((a, b) => a.month.localeCompare(b.month));
  const rows: SeasonRow[] = [];
  for (const m of months) {
    if (seen.has(m.month)) continue;
    seen.add(m.month);
    const [year = 0, month = 1] = m.month.split('-').map(Number);
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const short = monthName(m.month, 'short').split(' ')[0];
    const first = dayOf(m.first);
    const last = dayOf(m.last);
    const coverage = [first !== null && first > 1 ? `from ${short} ${first}` : '', last !== null && last < lastDay ? `to ${short} ${last}` : '']
      .filter(Boolean)
      .join(' ');
    rows.push({
      month: m.month,
      label: monthName(m.month, 'short'),
      coverage: coverage || undefined,
      share: m.unavailable_share,
      listingShare: m.listing_unavailable_share,
      price: m.median_price !== undefined ? formatMoney(m.median_price, currency) : undefined,
      busiest: m.busiest === true,
      quietest: m.quietest === true,
    });
  }
  return rows;
}

/** A score's band, as the report names it: 80+ Strong, 65–79 Good, 50–64 Room to grow, under 50 Needs attention. */
export function scoreBand(score: number): string {
  if (score >= 80) return 'Strong';
  if (score >= 65) return 'Good';
  if (score >= 50) return 'Room to grow';
  return 'Needs attention';
}

export type ScoreTone = 'green' | 'amber' | 'red';

/** A score's colour by its band: good or strong green, room to grow amber, needs attention red. */
export function scoreTone(score: number): ScoreTone {
  if (score >= 65) return 'green';
  if (score >= 50) return 'amber';
  return 'red';
}

/**
 * The overall score's one name on every screen, PDF and e-mail (analysis.ListingScoreName): SPEC's
 * "AI optimization score" card shows it under this name, since no model takes part in any score.
 */
export const LISTING_SCORE_NAME = 'Listing score';

/** The overall score's sections as shown: name and score (null: not assessed). */
export const SECTION_NAMES: Readonly<Record<SectionKey, string>> = {
  title: 'Title',
  description: 'Description',
  photos: 'Photos',
  amenities: 'Amenities',
  pricing: 'Pricing',
  reviews: 'Reviews',
  availability: 'Availability',
};

/** What each site calls a listing's title (analysis.PlatformRules.TitleWord). */
const TITLE_WORDS: Readonly<Record<string, string>> = { Airbnb: 'title', Vrbo: 'headline', 'Booking.com': 'property name' };

/**
 * SPEC §5's note on a title over the limit, for the listing's own site and limit, as the server
 * words it for the current title (analysis.titleLimitNote): Airbnb's is SPEC's sentence word for
 * word; a Vrbo report never cites Airbnb's 50 characters.
 */
export function titleLimitNote(platform: string | undefined, limit: number): string {
  const site = platformName(platform);
  if (site === 'Airbnb' && limit === TITLE_LIMIT) return 'exceeding the 50-character limit for Airbnb titles';
  return `exceeding the ${limit}-character limit for ${site} ${TITLE_WORDS[site] ?? 'title'}s`;
}

/** The listing's site as the report names it: "Airbnb", "Vrbo", "Booking.com". */
export function platformName(platform: string | undefined): string {
  switch (platform?.trim().toLowerCase()) {
    case 'vrbo':
      return 'Vrbo';
    case 'booking':
      return 'Booking.com';
    default:
      return 'Airbnb';
  }
}
