import { type ReportContract } from '@/types/report-contract';

/**
 * The optimization result (SPEC §3 "Backend optimization result"), as the server's report
 * engine writes it (backend/report/result.go; samples in backend/report/testdata/golden). The
 * reader below takes what the screens use from an untrusted body; ContractChecks at the end
 * holds its field names to the generated contract (report-contract.ts).
 * Only the fields the results screen reads are typed; the object has more and may grow.
 *
 * readOptimizationResult() is the runtime guard: it keeps each field it knows only when
 * the field has the expected type, and leaves it out otherwise, so one malformed or
 * missing field never hides the rest of a report the host has paid for. It rejects
 * only what is not a report at all.
 */

export const RESULT_STAGES = [
  'paid',
  'queued',
  'reading_listing',
  'analyzing',
  'writing',
  'rendering_pdf',
  'sending_email',
  'saving',
] as const;
/** Where a running job is (GET /api/get-optimization-result while pending or processing). */
export type ResultStage = (typeof RESULT_STAGES)[number];

/** What a finding or action rests on (analysis.Evidence): the field, the value as the page gives it, where it was read ("not read"), how it was used. */
export interface Evidence {
  field: string;
  value: string;
  where: string;
  note?: string;
}

/** The rating as its site shows it (report.RatingShown): its value on the site's own scale and the words for it. */
export interface RatingOnPage {
  value: number;
  scale: number;
  text?: string;
}

export interface Finding {
  severity?: string;
  message: string;
  action?: string;
  evidence?: Evidence[];
}

export interface CompetitiveScores {
  market_positioning?: number;
  amenity_score?: number;
  visual_score?: number;
  experience_score?: number;
}

export interface RevenueProjections {
  /** Percent, the conservative end of the range (SPEC's field; no longer the card's figure). */
  revenue_impact?: number;
  /** e.g. "+10–25%". */
  revenue_impact_range?: string;
  estimate?: boolean;
  explanation?: string;
  /** The card's figure, decided by the server: "+$40 to +$110 a month", or "Not estimated". Never a percentage. */
  headline?: string;
  /** With a money figure: price × booked nights × percentage, each with its source. */
  basis?: string;
  /** Without one: what the figure would need, and why it is missing. */
  needs?: string;
  /** The gain a month, rounded, in `currency`; both 0 without a money figure. */
  monthly_low?: number;
  monthly_high?: number;
  currency?: string;
}

/** The overall score's sections, in the report's order. */
export const SECTION_KEYS = ['title', 'description', 'photos', 'amenities', 'pricing', 'reviews', 'availability'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];
/** Each section's 0–100 score; null when the report could not assess it. */
export type SectionScores = Record<SectionKey, number | null>;

export const PRIORITY_KEYS = ['title_priority', 'pricing_priority', 'photo_priority', 'experience_priority', 'booking_priority'] as const;
export type PriorityKey = (typeof PRIORITY_KEYS)[number];

export type TaskPriorities = Partial<Record<PriorityKey, string>> & {
  /** Why each area got its priority, keyed like the priorities. */
  reasons?: Partial<Record<string, string>>;
};

export interface PricingAnalysis {
  advice?: string[];
  findings?: Finding[];
  explanation?: string;
}

export interface PhotoAudit {
  /** The photos were not assessed (a preview image, part of the gallery, no page): explanation says why. */
  not_assessed?: boolean;
  count?: number;
  minimum?: number;
  score?: number;
  missing_rooms?: string[];
  findings?: Finding[];
  explanation?: string;
}

export interface GuestSegment {
  name: string;
  score?: number;
  likely?: boolean;
  evidence?: string[];
}

export interface GuestProfileAnalysis {
  primary?: string;
  segments?: GuestSegment[];
  explanation?: string;
}

export interface BookingGapAnalysis {
  recommendations?: string[];
  findings?: Finding[];
  explanation?: string;
}

export interface TitleAnalysis {
  /** Characters (Unicode code points) of the current title. */
  length?: number;
  limit?: number;
  over_limit?: boolean;
  /** SPEC §5's note on a title over 50 characters (Premium only). */
  limit_note?: string;
}

export interface DescriptionKeyword {
  keyword: string;
  /** Whether the original description already uses it. */
  present: boolean;
}

export interface DescriptionAnalysis {
  /** Only the page's preview of the description was read: explanation says why. */
  not_assessed?: boolean;
  explanation?: string;
  word_count?: number;
  keywords?: DescriptionKeyword[];
}

export interface ReviewAnalysis {
  praised?: string[];
  complaints?: string[];
  /** The overall rating read from the page, out of 5 (absent or 0: not read). */
  rating?: number;
  review_count?: number;
}

/** The amenity analysis: whether the list was read, and whether only in part. */
export interface AmenityAnalysis {
  read?: boolean;
  partial?: boolean;
  /** Why amenities guests expect were not checked ("the amenity list could not be read"); absent when they were. */
  not_assessed?: string;
  expected?: string[];
  missing?: string[];
  /** Expected amenities the page lists as not included: neither had nor merely missing. */
  expected_not_included?: string[];
}

/** Premium only (null for Basic). */
export interface PerformanceInsights {
  revenue_insights?: string[];
  strategic_recommendations?: string[];
  word_count?: { original?: number; optimized?: number };
  seo_keywords?: string[];
  photo_count?: number;
  review_sentiment?: string;
}

/**
 * How one of Inside Airbnb's estimates (booked nights, revenue over the 12 months before the
 * snapshot) spreads over the comparables that have it, and where the listing falls when it is
 * in the data. The guard keeps it only with all three quartiles.
 */
export interface MarketDistribution {
  /** Comparables with the estimate (the quartiles are over them). */
  comparables?: number;
  p25: number;
  p50: number;
  p75: number;
  /** The listing's own estimate; absent when it is not in the data or has none. */
  listing?: number;
  /** 0–100, ties counted half. */
  listing_percentile?: number;
  /** "below", "within" or "above" the middle half. */
  position?: string;
  explanation?: string;
}

/** One month of the comparables' snapshot calendar. */
export interface SeasonMonth {
  /** YYYY-MM. */
  month: string;
  /** First and last calendar dates of the month in the snapshot (YYYY-MM-DD). */
  first?: string;
  last?: string;
  listings?: number;
  nights?: number;
  /** 0–1: nights not available when the snapshot was taken (booked or blocked by the host). */
  unavailable_share: number;
  /** Median of the comparables' average listed nightly price; absent without prices. */
  median_price?: number;
  priced_listings?: number;
  listing_nights?: number;
  /** 0–1, the listing's own calendar, when it is in the data. */
  listing_unavailable_share?: number;
  busiest?: boolean;
  quietest?: boolean;
}

export interface Seasonality {
  source?: string;
  start?: string;
  end?: string;
  months: SeasonMonth[];
  comparables?: number;
  busiest_month?: string;
  quietest_month?: string;
  unavailable_share?: number;
  listing_unavailable_share?: number;
  nights_left_out?: number;
  has_prices?: boolean;
  explanation?: string;
}

/** Premium only (null for Basic); `available` false when no market data covers the listing. */
export interface MarketAnalysisData {
  available?: boolean;
  note?: string;
  market?: string;
  snapshot?: string;
  basis?: string;
  /** The search radius of `basis`, in km. */
  radius_km?: number;
  comparables?: number;
  currency?: string;
  price_p25?: number;
  price_p50?: number;
  price_p75?: number;
  median_rating?: number;
  median_estimated_occupancy_nights?: number;
  median_estimated_revenue?: number;
  listing_estimated_revenue?: number;
  /** Whether the listing itself is in Inside Airbnb's data. */
  listing_in_data?: boolean;
  estimated_occupancy?: MarketDistribution;
  estimated_revenue?: MarketDistribution;
  seasonality?: Seasonality;
  attribution?: string;
  explanation?: string;
  /** "inside_airbnb" (a dated snapshot) or "live" (Airbnb's search on the day `snapshot` names). */
  source?: string;
  /** The standard stay whose nightly price each live comparable shows (YYYY-MM-DD). */
  stay_checkin?: string;
  stay_checkout?: string;
  /** What the live search could not read, each a clause. */
  missing?: string[];
  ratings?: MarketDistribution;
  review_counts?: MarketDistribution;
  /** 0–1: comparables whose search card shows "Guest favorite" (live only). */
  guest_favorite_share?: number;
  title_patterns?: TitlePattern[];
  /** The nearest comparables, nearest first. */
  list?: ComparableListing[];
  /** Beside a snapshot: the nightly prices around the listing in Airbnb's search today. */
  today_prices?: TodayPrices;
}

export interface TodayPrices {
  searched_on: string;
  stay_checkin?: string;
  stay_checkout?: string;
  comparables: number;
  currency?: string;
  p25: number;
  p50: number;
  p75: number;
  explanation?: string;
}

/** A word many of the best-rated comparables' titles use. */
export interface TitlePattern {
  word: string;
  share_best: number;
  share_rest: number;
  in_listing: boolean;
}

/** One comparable listing as the report lists it. */
export interface ComparableListing {
  title: string;
  url: string;
  distance_km: number;
  /** Absent when the source does not say (a summary snapshot); 0 is a studio. */
  bedrooms?: number;
  price?: number;
  rating?: number;
  review_count: number;
  badges: string[];
}

/** One action of the report's ranked list (report.actions): most important first. */
export interface Recommendation {
  area?: string;
  /** The task_priorities key it counts toward, when one. */
  task?: PriorityKey;
  /** HIGH, MEDIUM or LOW. */
  priority?: string;
  severity?: string;
  finding: string;
  action?: string;
  /** The revenue effect the projection counts for it, in percent. */
  effect?: { low: number; high: number };
  /** What it rests on, shown as "Why?". */
  evidence?: Evidence[];
}

/** One figure before and after (report.comparison). */
export interface BeforeAfter {
  before: number;
  after: number;
}

/** What the new read shows of one action of the bought report. */
export const ACTION_PROGRESS = ['done', 'partly done', 'not yet'] as const;
export type ActionProgress = (typeof ACTION_PROGRESS)[number];

/** A re-check's before → after against the report it re-checks (report.comparison; null on a bought report). */
export interface Comparison {
  recheck_of: string;
  before_generated_at?: string;
  /** The listing score before → after; absent when either report had too little read for one. */
  overall?: BeforeAfter;
  sections: { section: SectionKey; before: number | null; after: number | null }[];
  title_before?: string;
  title_after?: string;
  description_words?: BeforeAfter;
  description_edited: boolean;
  photos?: BeforeAfter;
  amenities_added: string[];
  amenities_removed: string[];
  actions: (Recommendation & { progress: ActionProgress })[];
}

export interface DataSource {
  name: string;
  detail?: string;
  attribution?: string;
}

export interface OptimizationResult {
  /** "basic" or "premium" as sent. */
  package_type: string;
  original_title?: string;
  /** The listing's site: "airbnb", "vrbo" or "booking". */
  platform?: string;
  /** The listing's description as read (for before → after); absent when it was not read. */
  original_description?: string;
  /** Which writer produced each piece of copy: "builtin" or "gemini". */
  writers?: Partial<Record<string, string>>;
  /** What the writers could not do, said plainly ("runs to 123 words, under the 150…"); empty when nothing. */
  writer_notes?: string[];
  title?: string;
  title_suggestions: string[];
  optimized_title?: string;
  optimized_description?: string;
  location?: string;
  /** The listing's rating out of 5; absent when none was read (never SPEC's default). */
  guest_rating?: number;
  /** The rating as its own site shows it: 8.5 on a scale of 10 for Booking.com; absent when none was read. */
  rating_on_page?: RatingOnPage;
  competitive_scores?: CompetitiveScores;
  revenue_projections?: RevenueProjections;
  task_priorities?: TaskPriorities;
  pricing_analysis?: PricingAnalysis;
  photo_audit?: PhotoAudit;
  guest_profile_analysis?: GuestProfileAnalysis;
  booking_gap_analysis?: BookingGapAnalysis;
  /** Newline-separated "Amenity: reason" lines. */
  suggested_amenities?: string;
  amenities?: string[];
  performance_insights?: PerformanceInsights;
  market_analysis_data?: MarketAnalysisData;
  review_summary?: string;
  image_urls?: string[];
  pdf_download_url?: string;
  title_analysis?: TitleAnalysis;
  description_analysis?: DescriptionAnalysis;
  review_analysis?: ReviewAnalysis;
  amenity_analysis?: AmenityAnalysis;
  /** The report's one score, its band ("Strong", "Good", "Room to grow", "Needs attention") and parts. */
  overall_score?: number;
  overall_band?: string;
  section_scores?: SectionScores;
  /** Every action, ranked once by the report: priority, then expected effect. */
  actions?: Recommendation[];
  /** On a re-check: what changed since the report it re-checks. */
  comparison?: Comparison;
  top_recommendations?: Recommendation[];
  /** The five task areas in the order of their most important action. */
  task_order?: PriorityKey[];
  /** Plain-language sources of each figure, keyed by result field. */
  explanations?: Partial<Record<string, string>>;
  data_sources?: DataSource[];
  attribution?: string;
  warnings?: string[];
  /** Said at the top when the page's layout was not recognized and only part of it was read. */
  layout_notice?: string;
}

// ---- The guard ----

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

/** The strings of an array (other items dropped); undefined when not an array. */
function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

/** The items of an array that `read` accepts; undefined when not an array. */
function list<T>(value: unknown, read: (item: UnknownRecord) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: T[] = [];
  for (const item of value) {
    const parsed = isRecord(item) ? read(item) : undefined;
    if (parsed !== undefined) out.push(parsed);
  }
  return out;
}

function object<T>(value: unknown, read: (obj: UnknownRecord) => T): T | undefined {
  return isRecord(value) ? read(value) : undefined;
}

/** A string-valued map (other values dropped). */
function stringMap(value: unknown): Partial<Record<string, string>> | undefined {
  if (!isRecord(value)) return undefined;
  const out: Partial<Record<string, string>> = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') out[key] = item;
  return out;
}

function readEvidence(e: UnknownRecord): Evidence | undefined {
  const field = str(e.field);
  const where = str(e.where);
  return field === undefined || where === undefined ? undefined : { field, value: str(e.value) ?? '', where, note: str(e.note) };
}

function finding(f: UnknownRecord): Finding | undefined {
  const message = str(f.message);
  return message === undefined
    ? undefined
    : { severity: str(f.severity), message, action: str(f.action), evidence: list(f.evidence, readEvidence) };
}

/** A 0–1 share; undefined when missing or out of range. */
function share(value: unknown): number | undefined {
  const n = num(value);
  return n !== undefined && n >= 0 && n <= 1 ? n : undefined;
}

function readDistribution(d: UnknownRecord): MarketDistribution | undefined {
  const p25 = num(d.p25);
  const p50 = num(d.p50);
  const p75 = num(d.p75);
  if (p25 === undefined || p50 === undefined || p75 === undefined) return undefined;
  const percentile = num(d.listing_percentile);
  return {
    comparables: num(d.comparables),
    p25,
    p50,
    p75,
    listing: num(d.listing),
    listing_percentile: percentile !== undefined && percentile >= 0 && percentile <= 100 ? percentile : undefined,
    position: str(d.position),
    explanation: str(d.explanation),
  };
}

function readSeasonMonth(m: UnknownRecord): SeasonMonth | undefined {
  const month = str(m.month);
  const unavailable = share(m.unavailable_share);
  if (month === undefined || !/^\d{4}-\d{2}$/.test(month) || unavailable === undefined) return undefined;
  return {
    month,
    first: str(m.first),
    last: str(m.last),
    listings: num(m.listings),
    nights: num(m.nights),
    unavailable_share: unavailable,
    median_price: num(m.median_price),
    priced_listings: num(m.priced_listings),
    listing_nights: num(m.listing_nights),
    listing_unavailable_share: share(m.listing_unavailable_share),
    busiest: m.busiest === true,
    quietest: m.quietest === true,
  };
}

function readTodayPrices(t: UnknownRecord): TodayPrices | undefined {
  const searched = str(t.searched_on);
  const p25 = num(t.p25);
  const p50 = num(t.p50);
  const p75 = num(t.p75);
  if (searched === undefined || p25 === undefined || p50 === undefined || p75 === undefined) return undefined;
  return {
    searched_on: searched,
    stay_checkin: str(t.stay_checkin),
    stay_checkout: str(t.stay_checkout),
    comparables: num(t.comparables) ?? 0,
    currency: str(t.currency),
    p25,
    p50,
    p75,
    explanation: str(t.explanation),
  };
}

function readTitlePattern(t: UnknownRecord): TitlePattern | undefined {
  const word = str(t.word);
  const best = num(t.share_best);
  if (word === undefined || best === undefined) return undefined;
  return { word, share_best: best, share_rest: num(t.share_rest) ?? 0, in_listing: t.in_listing === true };
}

/** A comparable's link is kept only when it is a listing page on airbnb.com: the report builds it from the id. */
const COMPARABLE_URL = /^https:\/\/www\.airbnb\.com\/rooms\/\d{1,24}$/;

function readComparable(c: UnknownRecord): ComparableListing | undefined {
  const title = str(c.title);
  const distance = num(c.distance_km);
  if (title === undefined || distance === undefined) return undefined;
  const url = str(c.url);
  return {
    title,
    url: url !== undefined && COMPARABLE_URL.test(url) ? url : '',
    distance_km: distance,
    bedrooms: num(c.bedrooms),
    price: num(c.price),
    rating: num(c.rating),
    review_count: num(c.review_count) ?? 0,
    badges: strings(c.badges) ?? [],
  };
}

function readSeasonality(s: UnknownRecord): Seasonality | undefined {
  const months = list(s.months, readSeasonMonth);
  if (!months?.length) return undefined;
  return {
    source: str(s.source),
    start: str(s.start),
    end: str(s.end),
    months,
    comparables: num(s.comparables),
    busiest_month: str(s.busiest_month),
    quietest_month: str(s.quietest_month),
    unavailable_share: share(s.unavailable_share),
    listing_unavailable_share: share(s.listing_unavailable_share),
    nights_left_out: num(s.nights_left_out),
    has_prices: bool(s.has_prices),
    explanation: str(s.explanation),
  };
}

function readSectionScores(s: UnknownRecord): SectionScores {
  const out = {} as SectionScores;
  for (const key of SECTION_KEYS) out[key] = num(s[key]) ?? null;
  return out;
}

function readAction(r: UnknownRecord): Recommendation | undefined {
  const finding = str(r.finding);
  if (finding === undefined) return undefined;
  const task = str(r.task);
  const low = isRecord(r.effect) ? num(r.effect.low) : undefined;
  const high = isRecord(r.effect) ? num(r.effect.high) : undefined;
  return {
    area: str(r.area),
    task: PRIORITY_KEYS.find((k) => k === task),
    priority: str(r.priority),
    severity: str(r.severity),
    finding,
    action: str(r.action),
    effect: low !== undefined && high !== undefined ? { low, high } : undefined,
    evidence: list(r.evidence, readEvidence),
  };
}

function beforeAfter(value: unknown): BeforeAfter | undefined {
  if (!isRecord(value)) return undefined;
  const before = num(value.before);
  const after = num(value.after);
  return before === undefined || after === undefined ? undefined : { before, after };
}

function readComparison(c: UnknownRecord): Comparison | undefined {
  const recheckOf = str(c.recheck_of);
  const overall = beforeAfter(c.overall);
  if (recheckOf === undefined) return undefined;
  return {
    recheck_of: recheckOf,
    before_generated_at: str(c.before_generated_at),
    overall,
    sections:
      list(c.sections, (s) => {
        const section = SECTION_KEYS.find((k) => k === s.section);
        return section === undefined ? undefined : { section, before: num(s.before) ?? null, after: num(s.after) ?? null };
      }) ?? [],
    title_before: str(c.title_before),
    title_after: str(c.title_after),
    description_words: beforeAfter(c.description_words),
    description_edited: c.description_edited === true,
    photos: beforeAfter(c.photos),
    amenities_added: strings(c.amenities_added) ?? [],
    amenities_removed: strings(c.amenities_removed) ?? [],
    actions:
      list(c.actions, (a) => {
        const action = readAction(a);
        const progress = ACTION_PROGRESS.find((p) => p === a.progress);
        return action === undefined || progress === undefined ? undefined : { ...action, progress };
      }) ?? [],
  };
}

/** The five task keys in the report's order, or undefined unless it names each once. */
function readTaskOrder(value: unknown): PriorityKey[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const keys = value.filter((v): v is PriorityKey => PRIORITY_KEYS.some((k) => k === v));
  return keys.length === PRIORITY_KEYS.length && new Set(keys).size === keys.length ? keys : undefined;
}

function readPriorities(t: UnknownRecord): TaskPriorities {
  const out: TaskPriorities = { reasons: stringMap(t.reasons) };
  for (const key of PRIORITY_KEYS) out[key] = str(t[key]);
  return out;
}

/** The report in `value`, or null when it is not one (not an object, or no package_type / title_suggestions). */
export function readOptimizationResult(value: unknown): OptimizationResult | null {
  if (!isRecord(value)) return null;
  const packageType = str(value.package_type);
  const titleSuggestions = strings(value.title_suggestions);
  if (packageType === undefined || titleSuggestions === undefined) return null;

  return {
    package_type: packageType,
    original_title: str(value.original_title),
    platform: str(value.platform),
    original_description: str(value.original_description),
    writers: stringMap(value.writers),
    writer_notes: strings(value.writer_notes),
    title: str(value.title),
    title_suggestions: titleSuggestions,
    optimized_title: str(value.optimized_title),
    optimized_description: str(value.optimized_description),
    location: str(value.location),
    guest_rating: num(value.guest_rating),
    rating_on_page: object(value.rating_on_page, (r) => {
      const rating = num(r.value);
      const scale = num(r.scale);
      return rating === undefined || scale === undefined || rating <= 0 || scale <= 0 ? undefined : { value: rating, scale, text: str(r.text) };
    }),
    competitive_scores: object(value.competitive_scores, (c) => ({
      market_positioning: num(c.market_positioning),
      amenity_score: num(c.amenity_score),
      visual_score: num(c.visual_score),
      experience_score: num(c.experience_score),
    })),
    revenue_projections: object(value.revenue_projections, (r) => ({
      revenue_impact: num(r.revenue_impact),
      revenue_impact_range: str(r.revenue_impact_range),
      estimate: bool(r.estimate),
      explanation: str(r.explanation),
      headline: str(r.headline),
      basis: str(r.basis),
      needs: str(r.needs),
      monthly_low: num(r.monthly_low),
      monthly_high: num(r.monthly_high),
      currency: str(r.currency),
    })),
    task_priorities: object(value.task_priorities, readPriorities),
    pricing_analysis: object(value.pricing_analysis, (p) => ({
      advice: strings(p.advice),
      findings: list(p.findings, finding),
      explanation: str(p.explanation),
    })),
    photo_audit: object(value.photo_audit, (p) => ({
      not_assessed: bool(p.not_assessed),
      count: num(p.count),
      minimum: num(p.minimum),
      score: num(p.score),
      missing_rooms: strings(p.missing_rooms),
      findings: list(p.findings, finding),
      explanation: str(p.explanation),
    })),
    guest_profile_analysis: object(value.guest_profile_analysis, (g) => ({
      primary: str(g.primary),
      segments: list(g.segments, (s) => {
        const name = str(s.name);
        return name === undefined ? undefined : { name, score: num(s.score), likely: bool(s.likely), evidence: strings(s.evidence) };
      }),
      explanation: str(g.explanation),
    })),
    booking_gap_analysis: object(value.booking_gap_analysis, (b) => ({
      recommendations: strings(b.recommendations),
      findings: list(b.findings, finding),
      explanation: str(b.explanation),
    })),
    suggested_amenities: str(value.suggested_amenities),
    amenities: strings(value.amenities),
    performance_insights: object(value.performance_insights, (p) => ({
      revenue_insights: strings(p.revenue_insights),
      strategic_recommendations: strings(p.strategic_recommendations),
      word_count: object(p.word_count, (w) => ({ original: num(w.original), optimized: num(w.optimized) })),
      seo_keywords: strings(p.seo_keywords),
      photo_count: num(p.photo_count),
      review_sentiment: str(p.review_sentiment),
    })),
    market_analysis_data: object(value.market_analysis_data, (m) => ({
      available: bool(m.available),
      note: str(m.note),
      market: str(m.market),
      snapshot: str(m.snapshot),
      basis: str(m.basis),
      radius_km: num(m.radius_km),
      comparables: num(m.comparables),
      currency: str(m.currency),
      price_p25: num(m.price_p25),
      price_p50: num(m.price_p50),
      price_p75: num(m.price_p75),
      median_rating: num(m.median_rating),
      median_estimated_occupancy_nights: num(m.median_estimated_occupancy_nights),
      median_estimated_revenue: num(m.median_estimated_revenue),
      listing_estimated_revenue: num(m.listing_estimated_revenue),
      listing_in_data: bool(m.listing_in_data),
      estimated_occupancy: object(m.estimated_occupancy, readDistribution),
      estimated_revenue: object(m.estimated_revenue, readDistribution),
      seasonality: object(m.seasonality, readSeasonality),
      attribution: str(m.attribution),
      explanation: str(m.explanation),
      source: str(m.source),
      stay_checkin: str(m.stay_checkin),
      stay_checkout: str(m.stay_checkout),
      missing: strings(m.missing),
      ratings: object(m.ratings, readDistribution),
      review_counts: object(m.review_counts, readDistribution),
      guest_favorite_share: num(m.guest_favorite_share),
      title_patterns: list(m.title_patterns, readTitlePattern),
      list: list(m.list, readComparable),
      today_prices: object(m.today_prices, readTodayPrices),
    })),
    review_summary: str(value.review_summary),
    image_urls: strings(value.image_urls),
    pdf_download_url: str(value.pdf_download_url),
    title_analysis: object(value.title_analysis, (t) => ({
      length: num(t.length),
      limit: num(t.limit),
      over_limit: bool(t.over_limit),
      limit_note: str(t.limit_note),
    })),
    description_analysis: object(value.description_analysis, (d) => ({
      not_assessed: bool(d.not_assessed),
      explanation: str(d.explanation),
      word_count: num(d.word_count),
      keywords: list(d.keywords, (k) => {
        const keyword = str(k.keyword);
        return keyword === undefined ? undefined : { keyword, present: k.present === true };
      }),
    })),
    review_analysis: object(value.review_analysis, (r) => ({
      praised: strings(r.praised),
      complaints: strings(r.complaints),
      rating: num(r.rating),
      review_count: num(r.review_count),
    })),
    amenity_analysis: object(value.amenity_analysis, (a) => ({
      read: bool(a.read),
      partial: bool(a.partial),
      not_assessed: str(a.not_assessed),
      expected: strings(a.expected),
      missing: strings(a.missing),
      expected_not_included: strings(a.expected_not_included),
    })),
    overall_score: num(value.overall_score),
    overall_band: str(value.overall_band),
    section_scores: object(value.section_scores, readSectionScores),
    actions: list(value.actions, readAction),
    comparison: object(value.comparison, readComparison),
    top_recommendations: list(value.top_recommendations, readAction),
    task_order: readTaskOrder(value.task_order),
    explanations: stringMap(value.explanations),
    data_sources: list(value.data_sources, (d) => {
      const name = str(d.name);
      return name === undefined ? undefined : { name, detail: str(d.detail), attribution: str(d.attribution) };
    }),
    attribution: str(value.attribution),
    warnings: strings(value.warnings),
    layout_notice: str(value.layout_notice),
  };
}

export function isResultStage(value: unknown): value is ResultStage {
  return typeof value === 'string' && (RESULT_STAGES as readonly string[]).includes(value);
}

/*
 * Compile-time checks against the generated contract (report-contract.ts, from the Go types):
 * every field the reader above reads is one the server sends, by name. A field renamed or
 * removed on the server fails the typecheck here.
 */
type Expect<T extends true> = T;
type KnownKeys<Read, Sent> = Exclude<keyof Read, keyof Sent> extends never ? true : false;
type Element<T> = T extends readonly (infer E)[] ? E : never;
export type ContractChecks = [
  Expect<KnownKeys<OptimizationResult, ReportContract>>,
  Expect<KnownKeys<NonNullable<OptimizationResult['competitive_scores']>, ReportContract['competitive_scores']>>,
  Expect<KnownKeys<NonNullable<OptimizationResult['task_priorities']>, ReportContract['task_priorities']>>,
  Expect<KnownKeys<NonNullable<OptimizationResult['revenue_projections']>, ReportContract['revenue_projections']>>,
  Expect<KnownKeys<NonNullable<OptimizationResult['section_scores']>, ReportContract['section_scores']>>,
  Expect<KnownKeys<Element<OptimizationResult['actions']>, Element<ReportContract['actions']>>>,
  Expect<KnownKeys<NonNullable<OptimizationResult['comparison']>, NonNullable<ReportContract['comparison']>>>,
  Expect<KnownKeys<Element<NonNullable<OptimizationResult['comparison']>['actions']>, Element<NonNullable<ReportContract['comparison']>['actions']>>>,
  Expect<KnownKeys<NonNullable<OptimizationResult['title_analysis']>, ReportContract['title_analysis']>>,
  Expect<KnownKeys<NonNullable<OptimizationResult['photo_audit']>, ReportContract['photo_audit']>>,
  Expect<KnownKeys<NonNullable<OptimizationResult['market_analysis_data']>, NonNullable<ReportContract['market_analysis_data']>>>,
  Expect<KnownKeys<NonNullable<OptimizationResult['performance_insights']>, NonNullable<ReportContract['performance_insights']>>>,
];
