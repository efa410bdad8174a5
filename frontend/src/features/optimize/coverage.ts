import { type PlanId } from '@/lib/plans';
import { type Coverage } from './types';

/** Fewer comparables than this make Premium's market figures rough: said before paying. */
export const THIN_MARKET = 15;

/** What the form says a report will cover, and whether it is a warning. */
export interface CoverageLine {
  text: string;
  warning: boolean;
}

/**
 * "Your report will include…" for the chosen plan, from the scrape's coverage: said before
 * the host pays, and a warning when Premium's market analytics will be empty.
 */
export function coverageLine(plan: PlanId, coverage: Coverage | null): CoverageLine | null {
  if (!coverage) return null;
  const parts = ['your title and description'];
  if (coverage.photos > 0) parts.push(coverage.photos === 1 ? '1 photo' : `${coverage.photos} photos`);
  if (coverage.calendar) parts.push('your availability calendar');
  if (coverage.reviews) parts.push('your rating and reviews');
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}` : parts[0];
  if (plan === 'basic') {
    return { text: `Your report will cover ${listed}.`, warning: false };
  }
  if ((coverage.market === 'inside_airbnb' || coverage.market === 'live') && coverage.comparables > 0) {
    const where =
      coverage.market === 'live' ? ' found near yours in Airbnb’s search today' : coverage.marketName ? ` in ${coverage.marketName}` : '';
    const thin = coverage.comparables < THIN_MARKET;
    return {
      text: thin
        ? `Before you choose Premium: its market analytics will compare your listing with only ${coverage.comparables} comparable listings${where}, fewer than the ${THIN_MARKET} we aim for, so its market figures are rough. Your report will cover ${listed}.`
        : `Your report will cover ${listed}, with market analytics from ${coverage.comparables} comparable listings${where}.`,
      warning: thin,
    };
  }
  const why = coverage.note ? `${coverage.note} ` : '';
  return {
    text: `Before you choose Premium: ${why}Its market analytics will be empty for this listing; everything else in Premium is included.`,
    warning: true,
  };
}
