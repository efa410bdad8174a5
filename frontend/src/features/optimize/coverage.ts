import { type PlanId } from '@/lib/plans';
import { type Coverage } from './types';

/** Fewer comparables than this make Premium's market figures rough: said before paying. */
export const THIN_MARKET = 15;

/** The report's sections, as the form counts them (backend analysis.SectionWeights). */
export const REPORT_SECTIONS = 7;

/** Sections left out of the report for one reason, as the form lists them. */
export interface NotAssessedGroup {
  /** "Pricing and availability (calendar)". */
  names: string;
  /** The server's reason, in plain words. */
  why: string;
}

/** What the form says a report will cover, and whether it is a warning. */
export interface CoverageLine {
  text: string;
  warning: boolean;
  /** The sections the report will not assess, grouped by reason (empty when all are, or unknown). */
  notAssessed: NotAssessedGroup[];
}

function joinAnd(parts: readonly string[]): string {
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}` : (parts[0] ?? '');
}

/** "5 of the 7 sections: title, description, photos, amenities and reviews" (null when the server sent no sections). */
function sectionsPhrase(coverage: Coverage): string | null {
  if (coverage.sections.length === 0) return null;
  const assessed = coverage.sections.filter((section) => section.assessed).map((section) => section.name.toLowerCase());
  const total = coverage.sections.length;
  if (assessed.length === total) return `all ${total} sections: ${joinAnd(assessed)}`;
  if (assessed.length === 0) return `none of the ${total} sections`;
  return `${assessed.length} of the ${total} sections: ${joinAnd(assessed)}`;
}

/** What the report will leave out, grouped by reason, in the report's order. */
export function notAssessedGroups(coverage: Coverage): NotAssessedGroup[] {
  const groups: { names: string[]; why: string }[] = [];
  for (const section of coverage.sections) {
    if (section.assessed) continue;
    const why = section.why ?? 'not read';
    const group = groups.find((g) => g.why === why);
    if (group) group.names.push(section.name.toLowerCase());
    else groups.push({ names: [section.name], why });
  }
  return groups.map((g) => ({ names: joinAnd(g.names), why: g.why }));
}

/** The older answer's list ("your title and description, 14 photos and …"), for a server that sends no sections. */
function coveredParts(coverage: Coverage): string {
  const parts = ['your title and description'];
  if (coverage.photos > 0) parts.push(coverage.photos === 1 ? '1 photo' : `${coverage.photos} photos`);
  if (coverage.calendar) parts.push('your availability calendar');
  if (coverage.reviews) parts.push('your rating and reviews');
  return joinAnd(parts);
}

/**
 * "Your report will assess 5 of the 7 sections…" for the chosen plan, from the server's
 * coverage: said before the host pays, with the sections it will not assess and why, and
 * a warning when Premium's market analytics will be thin or empty.
 */
export function coverageLine(plan: PlanId, coverage: Coverage | null): CoverageLine | null {
  if (!coverage) return null;
  const sections = sectionsPhrase(coverage);
  const covers = sections ? `Your report will assess ${sections}` : `Your report will cover ${coveredParts(coverage)}`;
  const notAssessed = notAssessedGroups(coverage);
  if (plan === 'basic') {
    return { text: `${covers}.`, warning: false, notAssessed };
  }
  if ((coverage.market === 'inside_airbnb' || coverage.market === 'live') && coverage.comparables > 0) {
    const where =
      coverage.market === 'live' ? ' found near yours in Airbnb’s search today' : coverage.marketName ? ` in ${coverage.marketName}` : '';
    const thin = coverage.comparables < THIN_MARKET;
    return {
      text: thin
        ? `Before you choose Premium: its market analytics will compare your listing with only ${coverage.comparables} comparable listings${where}, fewer than the ${THIN_MARKET} we aim for, so its market figures are rough. ${covers}.`
        : `${covers}, with market analytics from ${coverage.comparables} comparable listings${where}.`,
      warning: thin,
      notAssessed,
    };
  }
  const why = coverage.note ? `${coverage.note} ` : '';
  return {
    text: `Before you choose Premium: ${why}Its market analytics will be empty for this listing; everything else in Premium is included. ${covers}.`,
    warning: true,
    notAssessed,
  };
}

/**
 * What the form says under the URL after a read: "read" (with ✓) only when the title, the
 * whole description and the photos were all read (the server's `complete`); otherwise what
 * was read and what was not, as a plain statement.
 */
export function readInPart(coverage: Coverage | null): string | null {
  if (!coverage || coverage.complete) return null;
  const read = coverage.read.length > 0 ? `Read only in part: ${joinAnd(coverage.read)}.` : 'Read only in part.';
  return coverage.missing.length > 0 ? `${read} Not read: ${joinAnd(coverage.missing)}.` : read;
}
