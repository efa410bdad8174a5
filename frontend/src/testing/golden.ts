/**
 * The report engine's golden results (backend/report/testdata/golden), imported as they
 * are so that a change of the result's shape on the server shows up in these tests.
 */
import { type OptimizationResult } from '@/lib/report/read';
import { validateReport } from '@/types/report-validate';
import albanyHouse from '../../../backend/report/testdata/golden/albany-house.json';
import lisbonLive from '../../../backend/report/testdata/golden/lisbon-live.json';
import lisbonLoft from '../../../backend/report/testdata/golden/lisbon-loft.json';
import lisbonRecheck from '../../../backend/report/testdata/golden/lisbon-recheck.json';
import sparseVrbo from '../../../backend/report/testdata/golden/sparse-vrbo.json';
import servedBeforeActions from '../../../backend/report/testdata/served/albany-house-before-actions.json';
import servedBeforeScore from '../../../backend/report/testdata/served/albany-house-before-overall-score.json';
import servedFirst from '../../../backend/report/testdata/served/albany-house-first-reports.json';

/** Premium, with Inside Airbnb market data (Albany, NY). */
export const GOLDEN_ALBANY: unknown = albanyHouse;
/** Premium, without market data (Lisbon). */
export const GOLDEN_LISBON: unknown = lisbonLoft;
/** Premium, Lisbon with live comparables from Airbnb's search (the fake search of package airbnbtest). */
export const GOLDEN_LISBON_LIVE: unknown = lisbonLive;
/** Basic, a sparse Vrbo listing (no rating, no calendar, no reviews). */
export const GOLDEN_SPARSE: unknown = sparseVrbo;
/** Basic, a re-check of the Lisbon loft read again with a new title, 3 more photos and an amenity (report.Compare). */
export const GOLDEN_LISBON_RECHECK: unknown = lisbonRecheck;

/**
 * The Albany report as the server serves it stored at earlier versions (backend/report
 * TestGoldenOldReportsServed): decoded into today's report and encoded again, so a field the report
 * was stored without is null or '' (overall_band '', priority '').
 */
/** Stored before the overall score, section scores, the page's own rating and re-checks. */
export const SERVED_BEFORE_OVERALL_SCORE: unknown = servedBeforeScore;
/** Also before the ranked actions and task order: top_recommendations without a priority. */
export const SERVED_BEFORE_ACTIONS: unknown = servedBeforeActions;
/** Also before the layout read: the first reports. */
export const SERVED_FIRST_REPORTS: unknown = servedFirst;

/**
 * `value` as the screens get it: checked once against the report's schema as the API calls
 * check a body (types/report-validate.ts). A test report that the server could not send fails
 * here, with its problems, rather than in the screen under test.
 */
export function reportOf(value: unknown): OptimizationResult {
  const check = validateReport(value);
  if (!check.ok) throw new Error(`not a report the server could send:\n${check.problems.join('\n')}`);
  return check.report;
}
