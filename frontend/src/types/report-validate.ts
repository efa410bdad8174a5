// Generated from backend/report/result.schema.json by frontend/scripts/report-types.mjs: do not edit.
import { type ReportContract } from './report-contract';

/**
 * A schema node: 's' a string, 'n' a number, 'i' an integer, 'b' true or false, '' anything;
 * '#name' the definition DEFS[name]; { e } one of the strings e; { p } a string matching p;
 * { a, l } a list of a (of exactly l items when l is set); { m } an object whose values are m;
 * { o } an object with the properties o ('name?' optional); { z } null or z.
 */
type Node =
  | 's'
  | 'n'
  | 'i'
  | 'b'
  | ''
  | `#${string}`
  | { readonly e: readonly string[] }
  | { readonly p: RegExp }
  | { readonly a: Node; readonly l?: number }
  | { readonly m: Node }
  | { readonly o: Readonly<Record<string, Node>> }
  | { readonly z: Node };

/** A report body checked: the typed report, or what is wrong with it, one problem a line. */
export type ReportCheck = { ok: true; report: ReportContract } | { ok: false; problems: string[] };

/**
 * Checks a parsed body against the report's schema (types and required fields, null only where
 * the server writes null, closed sets, date layouts). Properties the schema does not know are
 * let through: a page opened before the server added a field keeps reading the report.
 * Each problem names its path: 'report.actions[2].priority: expected one of HIGH, MEDIUM, LOW, "", got "URGENT"'
 * ("" is what a report stored before the field existed is served with).
 */
export function validateReport(value: unknown, path = 'report'): ReportCheck {
  const problems: string[] = [];
  check(ROOT, value, path, problems);
  return problems.length === 0 ? { ok: true, report: value as ReportContract } : { ok: false, problems };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function wrong(path: string, expected: string, value: unknown, problems: string[]): void {
  problems.push(`${path}: expected ${expected}, got ${kindOf(value)}`);
}

/** The primitive nodes: what each is called in a problem, and its test. */
const PRIMITIVES: Readonly<Record<string, readonly [string, (value: unknown) => boolean]>> = {
  s: ['a string', (value) => typeof value === 'string'],
  n: ['a number', (value) => typeof value === 'number' && Number.isFinite(value)],
  i: ['an integer', (value) => Number.isInteger(value)],
  b: ['true or false', (value) => typeof value === 'boolean'],
};

function check(node: Node, value: unknown, path: string, problems: string[], orNull = ''): void {
  if (typeof node === 'string') {
    const primitive = PRIMITIVES[node];
    if (primitive !== undefined) {
      if (!primitive[1](value)) wrong(path, primitive[0] + orNull, value, problems);
      return;
    }
    if (node === '') return;
    const def = DEFS[node.slice(1)];
    if (def === undefined) throw new Error(`report schema: no definition ${node}`);
    check(def, value, path, problems, orNull);
    return;
  }
  if ('z' in node) {
    if (value !== null) check(node.z, value, path, problems, ' or null');
    return;
  }
  if ('e' in node) {
    if (typeof value !== 'string' || !node.e.includes(value)) wrong(path, `one of ${node.e.map((e) => e || '""').join(', ')}${orNull}`, value, problems);
    return;
  }
  if ('p' in node) {
    if (typeof value !== 'string' || !node.p.test(value)) wrong(path, `a string like ${node.p.source}${orNull}`, value, problems);
    return;
  }
  if ('a' in node) {
    if (!Array.isArray(value)) {
      wrong(path, 'a list' + orNull, value, problems);
      return;
    }
    if (node.l !== undefined && value.length !== node.l) wrong(path, `a list of ${node.l}`, value, problems);
    value.forEach((item: unknown, i) => { check(node.a, item, `${path}[${i}]`, problems); });
    return;
  }
  if (!isObject(value)) {
    wrong(path, 'an object' + orNull, value, problems);
    return;
  }
  if ('m' in node) {
    for (const [key, item] of Object.entries(value)) check(node.m, item, `${path}.${key}`, problems);
    return;
  }
  for (const [name, prop] of Object.entries(node.o)) {
    const optional = name.endsWith('?');
    const key = optional ? name.slice(0, -1) : name;
    if (value[key] !== undefined) check(prop, value[key], `${path}.${key}`, problems);
    else if (!optional) problems.push(`${path}.${key}: missing`);
  }
}

const ROOT: Node = '#report.Result';

/** The schema's definitions, compacted (see Node). */
const DEFS: Readonly<Record<string, Node>> = {
  'analysis.Action': { o: { action: 's', area: 's', 'effect?': '#analysis.ActionEffect', 'evidence?': { a: '#analysis.Evidence' }, finding: 's', priority: { e: ['HIGH', 'MEDIUM', 'LOW', ''] }, severity: { e: ['high', 'medium', 'low', 'info', ''] }, 'task?': { e: ['title_priority', 'pricing_priority', 'photo_priority', 'experience_priority', 'booking_priority'] } } },
  'analysis.ActionEffect': { o: { high: 'n', kind: 's', low: 'n' } },
  'analysis.AmenityAnalysis': { o: { count: 'i', expected: { z: { a: 's' } }, expected_coverage: 'n', expected_not_included: { z: { a: 's' } }, explanation: 's', findings: { z: { a: '#analysis.Finding' } }, 'market?': '#analysis.AmenityMarket', missing: { z: { a: 's' } }, 'not_assessed?': 's', not_included: { z: { a: 's' } }, 'partial?': 'b', present: { z: { a: 's' } }, read: 'b', suggestions: { z: { a: '#analysis.AmenitySuggestion' } } } },
  'analysis.AmenityMarket': { o: { best_performers: 'i', common_among_best: { z: { a: '#analysis.AmenityShare' } }, comparables: 'i', count_percentile: 'n', median_count: 'n', 'ranked_by?': 's', standard: { z: { a: 's' } }, standard_coverage: 'n' } },
  'analysis.AmenityShare': { o: { amenity: 's', listing_has: 'b', share_all: 'n', share_best: 'n', share_rest: 'n' } },
  'analysis.AmenitySuggestion': { o: { amenity: 's', evidence: 's', key: 's', rank: 'n', reason: 's', source: 's' } },
  'analysis.BookingGapAnalysis': { o: { below_min_stay_gaps: 'i', explanation: 's', findings: { z: { a: '#analysis.Finding' } }, gap_nights: 'i', gaps: { z: { a: '#analysis.Gap' } }, nights: 'i', open_nights: 'i', orphan_gaps: 'i', recommendations: { z: { a: 's' } }, 'source?': 's', status: 's', unavailable_nights: 'i', weekday_open_share: 'n', weekend_open_share: 'n', 'window_end?': { p: /^\d{4}-\d{2}-\d{2}$/ }, window_from_snapshot: 'b', 'window_start?': { p: /^\d{4}-\d{2}-\d{2}$/ } } },
  'analysis.CompetitiveScores': { o: { amenity_score: '#analysis.Score', experience_score: '#analysis.Score', market_positioning: '#analysis.Score', visual_score: '#analysis.Score' } },
  'analysis.CoverPhoto': { o: { assessment: 's', 'caption?': 's', 'room?': 's', url: 's' } },
  'analysis.DescriptionAnalysis': { o: { explanation: 's', findings: { z: { a: '#analysis.Finding' } }, key_facts: { z: { a: '#analysis.FactCheck' } }, keyword_coverage: 'n', keywords: { z: { a: '#analysis.KeywordCheck' } }, 'language?': 's', 'not_assessed?': 'b', readability: 'n', 'readability_formula?': 's', readability_label: 's', score: 'i', sections: { z: { a: '#analysis.Section' } }, word_count: 'i' } },
  'analysis.Distribution': { o: { comparables: 'i', explanation: 's', 'listing?': 'n', 'listing_percentile?': 'n', p25: 'n', p50: 'n', p75: 'n', 'position?': 's' } },
  'analysis.Evidence': { o: { field: 's', 'note?': 's', value: 's', where: 's' } },
  'analysis.FactCheck': { o: { 'evidence?': 's', fact: 's', present: 'b' } },
  'analysis.Finding': { o: { 'action?': 's', code: 's', 'evidence?': { a: '#analysis.Evidence' }, message: 's', severity: { e: ['high', 'medium', 'low', 'info', ''] } } },
  'analysis.Gap': { o: { below_min_stay: 'b', 'min_nights?': 'i', nights: 'i', orphan: 'b', start: 's' } },
  'analysis.GuestProfile': { o: { explanation: 's', primary: 's', reviews_read: 'i', segments: { z: { a: '#analysis.Segment' } } } },
  'analysis.KeywordCheck': { o: { keyword: 's', present: 'b' } },
  'analysis.PhotoAudit': { o: { caption_coverage: { z: 'n' }, captioned: { z: 'i' }, count: { z: 'i' }, 'cover?': '#analysis.CoverPhoto', explanation: 's', findings: { z: { a: '#analysis.Finding' } }, minimum: 'i', missing_rooms: { z: { a: 's' } }, 'not_assessed?': 'b', 'quality?': '#analysis.PhotoQuality', rooms: { z: { a: '#analysis.RoomCoverage' } }, score: { z: 'i' }, top_range: { a: 'i', l: 2 } } },
  'analysis.PhotoMetrics': { o: { brightness: 'n', 'error?': 's', hash: 's', height: 'i', resolution_ok: 'b', sharp: 'b', sharpness: 'n', 'url?': 's', width: 'i' } },
  'analysis.PhotoPair': { o: { a: 'i', b: 'i' } },
  'analysis.PhotoQuality': { o: { blurry: 'i', failed: 'i', low_resolution: 'i', measured: 'i', near_duplicates: { z: { a: '#analysis.PhotoPair' } }, photos: { z: { a: '#analysis.PhotoMetrics' } }, score: { z: 'i' }, timed_out: 'i', too_bright: 'i', too_dark: 'i' } },
  'analysis.PriceEstimate': { o: { basis: 's', high: 'n', low: 'n', typical: 'n' } },
  'analysis.PricingAnalysis': { o: { advice: { z: { a: 's' } }, 'calendar_prices_flat?': 'b', comparables: 'i', 'currency?': 's', 'estimate?': '#analysis.PriceEstimate', explanation: 's', findings: { z: { a: '#analysis.Finding' } }, general_guidance: 'b', open_next_14: 'i', 'p25?': 'n', 'p50?': 'n', 'p75?': 'n', 'percentile?': 'n', 'position?': 's', 'price?': 'n', 'price_source?': 's', status: { e: ['compared', 'estimate', 'no_comparables', 'not_enough_data', ''] }, 'weekday_average?': 'n', 'weekend_average?': 'n', 'weekend_premium_percent?': 'n' } },
  'analysis.RevenueBaseline': { o: { annual_revenue: 'n', 'currency?': 's', gain_high: 'n', gain_low: 'n', source: 's' } },
  'analysis.RevenueComponent': { o: { area: 's', basis: 's', change: 's', high: 'n', kind: 's', low: 'n', source: 's' } },
  'analysis.RevenueMoney': { o: { booked_nights: 'i', nightly_price: 'n', nights_a_month: 'n', nights_basis: 's', nights_source: 's', out_of: 'i', price_source: 's' } },
  'analysis.RevenueProjection': { o: { 'baseline?': '#analysis.RevenueBaseline', 'basis?': 's', caps: { a: 'n', l: 2 }, components: { z: { a: '#analysis.RevenueComponent' } }, 'currency?': 's', estimate: 'b', explanation: 's', headline: 's', 'money?': '#analysis.RevenueMoney', monthly_high: 'n', monthly_low: 'n', 'needs?': 's', not_quantified: { z: { a: 's' } }, revenue_impact: 'i', revenue_impact_high: 'n', revenue_impact_low: 'n', revenue_impact_range: 's' } },
  'analysis.ReviewAnalysis': { o: { analyzed: 'i', complaints: { z: { a: 's' } }, explanation: 's', findings: { z: { a: '#analysis.Finding' } }, negative: 'i', neutral: 'i', positive: 'i', praised: { z: { a: 's' } }, 'rating?': 'n', 'review_count?': 'i', sentiment_score: 'i', skipped: 'i', 'source?': 's', summary: 's', themes: { z: { a: '#analysis.ThemeStat' } } } },
  'analysis.RoomCoverage': { o: { covered: 'b', photos: 'i', room: 's' } },
  'analysis.Score': { o: { components: { z: { a: '#analysis.ScoreComponent' } }, explanation: 's', formula: 's', 'not_assessed?': 'b', value: 'i' } },
  'analysis.ScoreComponent': { o: { basis: 's', name: 's', value: 'n', weight: 'n' } },
  'analysis.SeasonMonth': { o: { 'busiest?': 'b', first: { p: /^$|^\d{4}-\d{2}-\d{2}$/ }, last: { p: /^$|^\d{4}-\d{2}-\d{2}$/ }, 'listing_nights?': 'i', 'listing_unavailable_share?': 'n', listings: 'i', 'median_price?': 'n', month: { p: /^$|^\d{4}-\d{2}$/ }, nights: 'i', 'priced_listings?': 'i', 'quietest?': 'b', unavailable_share: 'n' } },
  'analysis.Seasonality': { o: { 'busiest_month?': { p: /^\d{4}-\d{2}$/ }, comparables: 'i', end: 's', explanation: 's', has_prices: 'b', 'listing_unavailable_share?': 'n', months: { z: { a: '#analysis.SeasonMonth' } }, 'nights_left_out?': 'i', 'quietest_month?': { p: /^\d{4}-\d{2}$/ }, source: 's', start: 's', unavailable_share: 'n' } },
  'analysis.Section': { o: { found: 's', key: 's', name: 's' } },
  'analysis.SectionScores': { o: { amenities: { z: 'i' }, availability: { z: 'i' }, description: { z: 'i' }, photos: { z: 'i' }, pricing: { z: 'i' }, reviews: { z: 'i' }, title: { z: 'i' } } },
  'analysis.Segment': { o: { evidence: { z: { a: 's' } }, key: 's', likely: 'b', name: 's', score: 'i' } },
  'analysis.TaskPriorities': { o: { booking_priority: { e: ['HIGH', 'MEDIUM', 'LOW', 'NOT ASSESSED', ''] }, experience_priority: { e: ['HIGH', 'MEDIUM', 'LOW', 'NOT ASSESSED', ''] }, photo_priority: { e: ['HIGH', 'MEDIUM', 'LOW', 'NOT ASSESSED', ''] }, pricing_priority: { e: ['HIGH', 'MEDIUM', 'LOW', 'NOT ASSESSED', ''] }, reasons: { z: { m: 's' } }, title_priority: { e: ['HIGH', 'MEDIUM', 'LOW', 'NOT ASSESSED', ''] } } },
  'analysis.ThemeStat': { o: { mentions: 'i', negative: 'i', positive: 'i', theme: 's' } },
  'analysis.TitleAnalysis': { o: { caps_words: { z: { a: 's' } }, contact_details: { z: { a: 's' } }, differentiators: { z: { a: 's' } }, emoji: { z: { a: 's' } }, explanation: 's', findings: { z: { a: '#analysis.Finding' } }, first_30: 's', first_30_strong: 'b', length: 'i', 'length_not_assessed?': 'b', limit: 'i', 'limit_note?': 's', 'location?': 's', over_limit: 'b', 'property_type?': 's', score: 'i', title: 's', unmentioned: { z: { a: 's' } } } },
  'report.ActionProgress': { o: { action: 's', area: 's', 'effect?': '#analysis.ActionEffect', 'evidence?': { a: '#analysis.Evidence' }, finding: 's', priority: { e: ['HIGH', 'MEDIUM', 'LOW', ''] }, progress: { e: ['done', 'partly done', 'not yet', ''] }, severity: { e: ['high', 'medium', 'low', 'info', ''] }, 'task?': { e: ['title_priority', 'pricing_priority', 'photo_priority', 'experience_priority', 'booking_priority'] } } },
  'report.Change': { o: { after: 'i', before: 'i' } },
  'report.Comparable': { o: { badges: { z: { a: 's' } }, 'bedrooms?': 'i', distance_km: 'n', 'price?': 'n', 'rating?': 'n', review_count: 'i', title: 's', url: 's' } },
  'report.Comparison': { o: { actions: { z: { a: '#report.ActionProgress' } }, amenities_added: { z: { a: 's' } }, amenities_removed: { z: { a: 's' } }, before_generated_at: 's', description_edited: 'b', description_words: '#report.Change', overall: { z: '#report.Change' }, photos: '#report.Change', recheck_of: 's', sections: { z: { a: '#report.SectionChange' } }, title_after: 's', title_before: 's' } },
  'report.CompetitiveScores': { o: { amenity_score: { z: 'i' }, details: '#analysis.CompetitiveScores', experience_score: { z: 'i' }, market_positioning: { z: 'i' }, visual_score: { z: 'i' } } },
  'report.DataSource': { o: { 'attribution?': 's', detail: 's', name: 's' } },
  'report.MarketAnalysis': { o: { 'attribution?': 's', available: 'b', 'basis?': 's', best_performers: 'i', common_among_best: { z: { a: '#analysis.AmenityShare' } }, comparables: 'i', 'currency?': 's', 'estimated_occupancy?': '#analysis.Distribution', 'estimated_revenue?': '#analysis.Distribution', explanation: 's', 'guest_favorite_share?': 'n', 'instant_book_share?': 'n', list: { z: { a: '#report.Comparable' } }, 'listing_estimated_occupancy_nights?': 'i', 'listing_estimated_revenue?': 'n', listing_in_data: 'b', 'market?': 's', 'median_amenities?': 'n', 'median_estimated_occupancy_nights?': 'n', 'median_estimated_revenue?': 'n', 'median_rating?': 'n', 'median_reviews?': 'n', 'missing?': { a: 's' }, 'note?': 's', 'price_p25?': 'n', 'price_p50?': 'n', 'price_p75?': 'n', 'price_percentile?': 'n', 'radius_km?': 'n', 'ranked_by?': 's', 'rating_percentile?': 'n', 'ratings?': '#analysis.Distribution', 'review_count_percentile?': 'n', 'review_counts?': '#analysis.Distribution', 'seasonality?': '#analysis.Seasonality', 'snapshot?': 's', 'source?': { e: ['inside_airbnb', 'live'] }, 'stay_checkin?': { p: /^\d{4}-\d{2}-\d{2}$/ }, 'stay_checkout?': { p: /^\d{4}-\d{2}-\d{2}$/ }, 'superhost_share?': 'n', title_patterns: { z: { a: '#report.TitlePattern' } }, 'today_prices?': '#report.TodayPrices' } },
  'report.PerformanceInsights': { o: { photo_count: 'i', revenue_insights: { z: { a: 's' } }, review_sentiment: 's', seo_keywords: { z: { a: 's' } }, strategic_recommendations: { z: { a: 's' } }, word_count: { o: { optimized: 'i', original: 'i' } } } },
  'report.RatingShown': { o: { scale: 'n', text: 's', value: 'n' } },
  'report.Result': { o: { actions: { z: { a: '#analysis.Action' } }, amenities: { z: { a: 's' } }, amenity_analysis: '#analysis.AmenityAnalysis', amenity_copy: 's', 'attribution?': 's', booking_gap_analysis: '#analysis.BookingGapAnalysis', comparison: { z: '#report.Comparison' }, competitive_scores: '#report.CompetitiveScores', data_sources: { z: { a: '#report.DataSource' } }, description_analysis: '#analysis.DescriptionAnalysis', explanations: { z: { m: 's' } }, generated_at: 's', guest_profile_analysis: '#analysis.GuestProfile', guest_rating: { z: 'n' }, image_urls: { z: { a: 's' } }, layout: { e: ['embedded', 'json-ld', 'page text', 'summary tags', 'typed', ''] }, 'layout_notice?': 's', listing_url: 's', location: 's', market_analysis_data: { z: '#report.MarketAnalysis' }, optimized_description: 's', optimized_title: 's', original_description: 's', original_title: 's', overall_band: { e: ['Strong', 'Good', 'Room to grow', 'Needs attention', 'Not assessed', ''] }, overall_score: { z: 'i' }, package_type: { e: ['basic', 'premium', ''] }, pdf_download_url: 's', performance_insights: { z: '#report.PerformanceInsights' }, photo_audit: '#analysis.PhotoAudit', platform: { e: ['airbnb', 'vrbo', 'booking', ''] }, pricing_analysis: '#analysis.PricingAnalysis', rating_on_page: { z: '#report.RatingShown' }, revenue_projections: '#analysis.RevenueProjection', review_analysis: '#analysis.ReviewAnalysis', review_summary: 's', section_scores: '#analysis.SectionScores', suggested_amenities: 's', task_order: { z: { a: { e: ['title_priority', 'pricing_priority', 'photo_priority', 'experience_priority', 'booking_priority'] } } }, task_priorities: '#analysis.TaskPriorities', title: 's', title_analysis: '#analysis.TitleAnalysis', title_suggestions: { z: { a: 's' } }, top_recommendations: { z: { a: '#analysis.Action' } }, warnings: { z: { a: 's' } }, writer_notes: { z: { a: 's' } }, writers: { z: { m: 's' } } } },
  'report.SectionChange': { o: { after: { z: 'i' }, before: { z: 'i' }, section: { e: ['title', 'description', 'photos', 'amenities', 'pricing', 'reviews', 'availability', ''] } } },
  'report.TitlePattern': { o: { in_listing: 'b', share_best: 'n', share_rest: 'n', word: 's' } },
  'report.TodayPrices': { o: { comparables: 'i', currency: 's', explanation: 's', p25: 'n', p50: 'n', p75: 'n', searched_on: { p: /^$|^\d{4}-\d{2}-\d{2}$/ }, stay_checkin: { p: /^$|^\d{4}-\d{2}-\d{2}$/ }, stay_checkout: { p: /^$|^\d{4}-\d{2}-\d{2}$/ } } },
};
