import { Icon, StarIcon } from '@/components/ui/icon';
import { NOT_ASSESSED_TEXT, ratingFigure } from './not-assessed';
import { type OptimizationResult } from '../../types';
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
  const score = result.competitive_scores?.market_positioning;
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
      <SummaryCard
        icon="chart"
        testId="card-optimization-score"
        label="AI optimization score"
        value={score === undefined ? '—' : `${Math.round(score)}/100`}
        detail="Market positioning"
        explanation={explanations['competitive_scores.market_positioning']}
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
