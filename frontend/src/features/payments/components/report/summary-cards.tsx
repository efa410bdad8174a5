import { Icon, StarIcon } from '@/components/ui/icon';
import { competitiveScoreFigures, NOT_ASSESSED_TEXT, ratingFigure } from './not-assessed';
import { LISTING_SCORE_NAME } from '../../results';
import { SECTION_KEYS, type OptimizationResult } from '../../types';
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

export function SummaryCards({ result }: { result: OptimizationResult }) {
  const rating = ratingFigure(result);
  const listing = competitiveScoreFigures(result)[0];
  const sections = result.section_scores;
  const assessed = sections ? SECTION_KEYS.filter((k) => sections[k] !== null).length : undefined;
  const revenue = result.revenue_projections;
  const impact = revenue?.revenue_impact;
  const range = revenue?.revenue_impact_range?.trim();
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
            : assessed === undefined
              ? undefined
              : `From ${assessed} of ${SECTION_KEYS.length} sections${result.overall_band ? ` · ${result.overall_band}` : ''}`
        }
        explanation={explanations.overall_score}
      />
      <SummaryCard
        icon="pricing"
        testId="card-revenue-potential"
        label="Revenue potential"
        value={impact === undefined ? '—' : `+${impact}%`}
        detail={
          impact === 0
            ? 'No change here has a published effect size, so no gain is projected'
            : range
              ? `Estimated range ${range}; an estimate, not a guarantee`
              : 'An estimate, not a guarantee'
        }
        explanation={revenue?.explanation}
      />
    </dl>
  );
}
