import { Icon, StarIcon } from '@/components/ui/icon';
import { competitiveScoreFigures, NOT_ASSESSED_TEXT, ratingFigure } from './not-assessed';
import { LISTING_SCORE_NAME } from '../../results';
import { SECTION_KEYS, type OptimizationResult } from '@/lib/report/read';
import { Explanation } from '../results-parts';

function SummaryCard({
  label,
  value,
  detail,
  explanation,
  testId,
  icon,
}: {
  label: string;
  value: string;
  detail?: string;
  explanation?: string | undefined;
  testId: string;
  icon: 'star' | 'chart' | 'pricing';
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-500">
        {icon === 'star' ? <StarIcon className="h-4 w-4 text-amber-500" /> : <Icon name={icon} className="h-4 w-4 text-brand-600" />}
        {label}
      </dt>
      <dd className="mt-2">
        <span className="text-3xl font-bold tracking-tight text-slate-900" data-testid={`${testId}-value`}>
          {value}
        </span>
        {detail && <span className="mt-1 block text-sm text-slate-600">{detail}</span>}
        <Explanation text={explanation} />
      </dd>
    </div>
  );
}

/** The revenue card's words when there is no money figure: never a percentage (a "+0%" reads as a finding). */
export const REVENUE_NOT_ESTIMATED = 'Not estimated';
/** The server's analysis.NoEffectSentence, for reports stored before it sent `needs`. */
const NO_EFFECT = 'None of the changes recommended here has a published effect on bookings, so no gain is counted.';

/**
 * The revenue card's figure and the sentence under it, as the server decided them
 * (analysis.RevenueProjection.Card, also the PDF's page 1 and the e-mail): money a month with
 * its basis, or "Not estimated" with what the figure would need.
 */
export function revenueFigure(result: OptimizationResult): { value: string; detail?: string } {
  const r = result.revenue_projections;
  const headline = r.headline.trim();
  if (headline && r.monthly_high > 0 && r.basis) return { value: headline, detail: r.basis };
  if (r.needs) return { value: REVENUE_NOT_ESTIMATED, detail: r.needs };
  // A report stored before money figures: its explanation says what the percentage rests on, or said "+0%".
  return { value: REVENUE_NOT_ESTIMATED, detail: r.revenue_impact > 0 ? r.explanation : NO_EFFECT };
}

export function SummaryCards({ result }: { result: OptimizationResult }) {
  const rating = ratingFigure(result);
  const listing = competitiveScoreFigures(result)[0];
  const sections = result.section_scores;
  const assessed = SECTION_KEYS.filter((k) => sections[k] !== null).length;
  const revenue = result.revenue_projections;
  const money = revenueFigure(result);
  const explanations = result.explanations ?? {};
  return (
    <dl className="mt-8 grid gap-4 sm:grid-cols-3">
      <SummaryCard
        icon="star"
        testId="card-guest-rating"
        label="Guest rating"
        value={rating.assessed ? rating.value : NOT_ASSESSED_TEXT}
        detail={rating.assessed ? rating.unit : rating.why}
        // The explanation of a rating not read speaks of SPEC's default card value, which is not shown.
        explanation={rating.assessed ? explanations.guest_rating : undefined}
      />
      {/* SPEC's "AI optimization score" card, in its place: the listing score under its one name. */}
      <SummaryCard
        icon="chart"
        testId="card-optimization-score"
        label={LISTING_SCORE_NAME}
        value={listing?.figure?.assessed ? `${listing.figure.value}/100` : NOT_ASSESSED_TEXT}
        detail={
          listing?.figure && !listing.figure.assessed
            ? listing.figure.why
            : `From ${assessed} of ${SECTION_KEYS.length} sections · ${result.overall_band}`
        }
        explanation={explanations.overall_score}
      />
      <SummaryCard
        icon="pricing"
        testId="card-revenue-potential"
        label="Revenue potential"
        value={money.value}
        detail={money.detail}
        // Without a money figure the explanation would repeat the sentence above.
        explanation={money.value === REVENUE_NOT_ESTIMATED ? undefined : revenue.explanation}
      />
    </dl>
  );
}
