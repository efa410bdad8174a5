/**
 * What the /payment-success results screen shows (SPEC §2, §3, §9), computed from the
 * report. Pure functions, so each rule is tested on its own.
 */
import { type PriorityKey, type OptimizationResult, type DescriptionKeyword } from './types';

/** SPEC §2: shown when the report has no guest rating. */
export const DEFAULT_GUEST_RATING = 4.2;
/** SPEC §9: results show the top 3 titles and up to 5 suggested amenities. */
export const TOP_TITLES = 3;
export const MAX_SUGGESTED_AMENITIES = 5;
/** SPEC §9 "title limit hint". */
export const TITLE_LIMIT = 50;
/** SPEC §9: the top 3 recommendations. */
export const TOP_RECOMMENDATIONS = 3;

/** SPEC §2: HIGH for title, pricing, photo and booking; MEDIUM for experience. */
export const DEFAULT_PRIORITIES: Readonly<Record<PriorityKey, string>> = {
  title_priority: 'HIGH',
  pricing_priority: 'HIGH',
  photo_priority: 'HIGH',
  experience_priority: 'MEDIUM',
  booking_priority: 'HIGH',
};

export type PriorityTone = 'red' | 'yellow' | 'green';

export function isPremium(result: Pick<OptimizationResult, 'package_type'>): boolean {
  return result.package_type.trim().toLowerCase() === 'premium';
}

/** The package as the header names it: "premium" → "Premium" (any other value as sent, capitalised). */
export function packageLabel(packageType: string): string {
  const value = packageType.trim();
  return value ? value.charAt(0).toUpperCase() + value.slice(1).toLowerCase() : 'Your';
}

/** "Your Premium listing optimization is ready" (SPEC §2). */
export function resultsHeading(packageType: string): string {
  const label = packageLabel(packageType);
  return label === 'Your' ? 'Your listing optimization is ready' : `Your ${label} listing optimization is ready`;
}

export function guestRating(result: Pick<OptimizationResult, 'guest_rating'>): number {
  return result.guest_rating ?? DEFAULT_GUEST_RATING;
}

/** A priority as shown (upper case); the SPEC default when absent or blank. */
export function priorityOf(result: Pick<OptimizationResult, 'task_priorities'>, key: PriorityKey): string {
  const value = result.task_priorities?.[key]?.trim();
  return value ? value.toUpperCase() : DEFAULT_PRIORITIES[key];
}

/** SPEC §2: HIGH red, MEDIUM yellow, anything else green. */
export function priorityTone(priority: string): PriorityTone {
  const value = priority.trim().toUpperCase();
  if (value === 'HIGH') return 'red';
  if (value === 'MEDIUM') return 'yellow';
  return 'green';
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
  optimized: string;
  /** The next suggestions, so that optimized + additional are the top TOP_TITLES. */
  additional: string[];
  /** Every suggestion, optimized first (Premium has 10+). */
  all: string[];
}

/** SPEC §2 item 1: current title, the first suggestion as optimized, the rest as additional options. */
export function titleOptions(result: OptimizationResult): TitleOptions {
  const suggestions = result.title_suggestions.map((s) => s.trim()).filter(Boolean);
  const optimized = nonBlank(result.optimized_title) ?? suggestions[0] ?? '';
  const others = suggestions.filter((s) => s !== optimized);
  return {
    current: nonBlank(result.original_title) ?? nonBlank(result.title) ?? '',
    optimized,
    additional: others.slice(0, TOP_TITLES - 1),
    all: optimized ? [optimized, ...others] : others,
  };
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
  const optimizedText = result.optimized_description?.trim();
  return {
    original: counts?.original ?? result.description_analysis?.word_count ?? null,
    optimized: counts?.optimized ?? (optimizedText ? countWords(optimizedText) : null),
  };
}

/** SEO keywords: the description analysis's (with whether the original uses each), else the insights' list. */
export function seoKeywords(result: OptimizationResult): { keyword: string; present: boolean | null }[] {
  const analyzed: DescriptionKeyword[] = result.description_analysis?.keywords ?? [];
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

/** "$22,302" in the report's currency (USD when unknown). */
export function formatMoney(value: number, currency = 'USD'): string {
  try {
    return value.toLocaleString('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
  } catch {
    return `${value.toLocaleString('en-US', { maximumFractionDigits: 0 })} ${currency}`;
  }
}
