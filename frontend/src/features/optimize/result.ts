/**
 * What the in-place result (payments off, SPEC §4) shows, from the optimize response's
 * data. Pure functions, so each rule is tested on its own. Everything stays plain text.
 */
import { MAX_SUGGESTED_AMENITIES, TOP_TITLE_SUGGESTIONS } from './constants';

/** SPEC §9: the top 3 title suggestions (blank ones skipped). */
export function topTitleSuggestions(suggestions: readonly string[]): string[] {
  return suggestions
    .map((title) => title.trim())
    .filter(Boolean)
    .slice(0, TOP_TITLE_SUGGESTIONS);
}

/** SPEC §3/§9: the newline-separated suggested amenities, blank lines dropped, at most 5. */
export function suggestedAmenityLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, MAX_SUGGESTED_AMENITIES);
}

/** The description's paragraphs (separated by blank lines); line breaks inside one are kept. */
export function descriptionParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** The full report of an optimization (the success page reads session_id). */
export function reportPath(optimizationId: string): string {
  return `/payment-success?session_id=${encodeURIComponent(optimizationId)}`;
}
