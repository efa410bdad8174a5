import { type ReactNode } from 'react';
import { PageShell } from '@/components/layouts/page-shell';
import { ButtonLink, buttonClasses } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Icon, StarIcon, type IconName } from '@/components/ui/icon';
import { cn } from '@/lib/cn';
import { type AppConfig } from '@/lib/config';
import { PDF_FAILED_MESSAGE, PDF_PREMIUM_ONLY_MESSAGE } from '@/lib/messages';
import { DescriptionRewrite } from './description-rewrite';
import { DoFirst } from './do-first';
import { OverallScore } from './overall-score';
import {
  attributions,
  comparablesSummary,
  distributionRows,
  formatMoney,
  formatRating,
  guestRating,
  isPremium,
  monthName,
  nonBlank,
  pdfHref,
  percent,
  photoCount,
  platformName,
  priorityOf,
  resultsHeading,
  seasonRows,
  seoKeywords,
  strategicRecommendations,
  suggestedAmenities,
  taskOrder,
  TITLE_LIMIT,
  TOP_TITLES,
  titleOptions,
  wordCounts,
} from '../results';
import { supportMailto } from '../support';
import { type Finding, type MarketAnalysisData, type OptimizationResult, type PriorityKey } from '../types';
import { ActionItem, Explanation, ResultSection, ScoreBar, TextList, TitleLine } from './results-parts';

export interface ResultsScreenProps {
  result: OptimizationResult;
  sessionId: string;
  config: Pick<AppConfig, 'apiBase' | 'supportEmail'>;
  /** This page's origin (location.origin), the PDF link's base when apiBase is not a URL. */
  pageOrigin: string;
  /** A Basic report's upgrade offer, shown after the PDF notice. */
  upgradeOffer?: ReactNode;
}

/** The distinct actions of some findings (the photo audit's advice). */
function findingActions(findings: Finding[] | undefined): string[] {
  return [...new Set((findings ?? []).map((f) => f.action?.trim()).filter((a): a is string => Boolean(a)))];
}

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

function SummaryCards({ result }: { result: OptimizationResult }) {
  const rating = guestRating(result);
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
        value={formatRating(rating)}
        detail="out of 5"
        explanation={explanations.guest_rating}
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

function TitleEnhancement({ result }: { result: OptimizationResult }) {
  const titles = titleOptions(result);
  const analysis = result.title_analysis;
  // The listing's site's limit (Airbnb 50, Vrbo 80); 0: the site publishes none.
  const limit = analysis?.limit === 0 ? null : (analysis?.limit ?? TITLE_LIMIT);
  const premium = isPremium(result);
  // SPEC §5: the Premium report notes a title over the limit; the server writes the note.
  const overNote = premium ? 'Note: exceeding the 50-character limit for Airbnb titles.' : undefined;
  const titleItems = (list: readonly string[]) =>
    list.map((title) => (
      <li key={title}>
        <TitleLine text={title} limit={limit} note={overNote} copy />
      </li>
    ));
  return (
    <div className="space-y-4">
      {titles.current && (
        <div data-testid="title-current">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Current title</p>
          <TitleLine text={titles.current} length={analysis?.length} limit={limit} note={analysis?.limit_note ?? overNote} />
        </div>
      )}
      {titles.optimized && (
        <div data-testid="title-optimized" className="rounded-lg border border-green-200 bg-green-50 p-3">
          <p className="text-xs font-semibold tracking-wide text-green-800 uppercase">Optimized title</p>
          <TitleLine text={titles.optimized} limit={limit} note={overNote} emphasis copy />
        </div>
      )}
      {titles.additional.length > 0 && (
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Additional options</p>
          <ul className="mt-1 space-y-2" data-testid="title-additional">
            {titleItems(titles.additional)}
          </ul>
        </div>
      )}
      {titles.all.length > TOP_TITLES && (
        <details className="group [&_summary]:list-none" data-testid="title-all">
          <summary className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline">
            Show all {titles.all.length} title suggestions
            <Icon name="chevron" className="h-4 w-4 transition-transform group-open:rotate-180" />
          </summary>
          <ol className="mt-2 list-decimal space-y-2 pl-5">{titleItems(titles.all)}</ol>
        </details>
      )}
    </div>
  );
}

function GuestExperience({ result }: { result: OptimizationResult }) {
  const profile = result.guest_profile_analysis;
  const likely = (profile?.segments ?? []).filter((s) => s.likely);
  const praised = result.review_analysis?.praised ?? [];
  const complaints = result.review_analysis?.complaints ?? [];
  return (
    <>
      {likely.length > 0 && (
        <ul className="mt-1 space-y-1" data-testid="guest-segments">
          {likely.map((segment) => (
            <li key={segment.name}>
              <span className="font-semibold text-slate-800">{segment.name}</span>
              {segment.evidence?.length ? <span>: {segment.evidence.join(', ')}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {praised.length > 0 && <p className="mt-2">Guests praise: {praised.join(', ')}.</p>}
      {complaints.length > 0 && <p className="mt-1">Recurring complaints: {complaints.join(', ')}.</p>}
      <Explanation text={profile?.explanation} />
    </>
  );
}

/** An action's advice: the report's explanation and its list of steps. */
function Advice({ explanation, items }: { explanation: string | undefined; items: readonly string[] | undefined }) {
  return (
    <>
      {explanation && <p>{explanation}</p>}
      <TextList items={items} />
    </>
  );
}

interface ImmediateAction {
  priority: PriorityKey;
  testId: string;
  title: string;
  icon: IconName;
  body: (result: OptimizationResult) => ReactNode;
}

/** SPEC §2 "Top 5 Immediate Actions", each with its priority key and its part of the report; shown in the report's task_order. */
const IMMEDIATE_ACTIONS: readonly ImmediateAction[] = [
  {
    priority: 'title_priority',
    testId: 'action-title',
    title: 'Title Enhancement',
    icon: 'title',
    body: (result) => (
      <>
        <TitleEnhancement result={result} />
        <Explanation text={result.explanations?.title_suggestions} />
      </>
    ),
  },
  {
    priority: 'pricing_priority',
    testId: 'action-pricing',
    title: 'Dynamic Pricing Strategy',
    icon: 'pricing',
    body: ({ pricing_analysis: pricing }) => <Advice explanation={pricing?.explanation} items={pricing?.advice} />,
  },
  {
    priority: 'photo_priority',
    testId: 'action-photo',
    title: 'Photography Upgrade',
    icon: 'photo',
    body: ({ photo_audit: photos }) => <Advice explanation={photos?.explanation} items={findingActions(photos?.findings)} />,
  },
  {
    priority: 'experience_priority',
    testId: 'action-experience',
    title: 'Guest Experience',
    icon: 'guests',
    body: (result) => <GuestExperience result={result} />,
  },
  {
    priority: 'booking_priority',
    testId: 'action-booking',
    title: 'Booking Gap Analysis',
    icon: 'calendar',
    body: ({ booking_gap_analysis: gaps }) => <Advice explanation={gaps?.explanation} items={gaps?.recommendations} />,
  },
];

function ImmediateActions({ result }: { result: OptimizationResult }) {
  const reasons = result.task_priorities?.reasons ?? {};
  return (
    <ResultSection id="immediate-actions" title="Top 5 Immediate Actions" icon="checkCircle" className="mt-8">
      <ol className="space-y-4">
        {taskOrder(result).flatMap((key) => IMMEDIATE_ACTIONS.filter((a) => a.priority === key)).map((action, index) => (
          <ActionItem
            key={action.testId}
            number={index + 1}
            testId={action.testId}
            title={action.title}
            icon={action.icon}
            priority={priorityOf(result, action.priority)}
            reason={reasons[action.priority]}
          >
            {action.body(result)}
          </ActionItem>
        ))}
      </ol>
    </ResultSection>
  );
}

function SuggestedAmenities({ result }: { result: OptimizationResult }) {
  const amenities = suggestedAmenities(result.suggested_amenities);
  return (
    <ResultSection id="suggested-amenities" title="AI-Suggested Amenities" icon="amenities" className="mt-8">
      {amenities.length === 0 ? (
        <p className="text-sm text-slate-600">No amenity suggestions: your listing already covers what guests expect.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {amenities.map((amenity) => (
            <li key={amenity.name} data-testid="suggested-amenity" className="rounded-lg bg-slate-50 px-4 py-3 text-sm">
              <span className="font-semibold text-slate-900">{amenity.name}</span>
              {amenity.reason && <span className="mt-0.5 block text-slate-600">{amenity.reason}</span>}
            </li>
          ))}
        </ul>
      )}
      <Explanation text={result.explanations?.suggested_amenities} />
    </ResultSection>
  );
}

function MarketSnapshot({ result }: { result: OptimizationResult }) {
  const market = result.market_analysis_data;
  if (!market) return null;
  if (!market.available) {
    const note = market.note ?? market.explanation;
    return note ? (
      <p className="mt-6 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600" data-testid="market-note">
        {note}
      </p>
    ) : null;
  }
  const currency = market.currency ?? 'USD';
  const comparables = comparablesSummary(market);
  const explanations = result.explanations ?? {};
  const facts: [string, string][] = [];
  if (market.comparables !== undefined) facts.push(['Comparable listings', String(market.comparables)]);
  if (market.price_p25 !== undefined && market.price_p75 !== undefined) {
    facts.push(['Typical nightly price', `${formatMoney(market.price_p25, currency)}–${formatMoney(market.price_p75, currency)}`]);
  }
  if (market.price_p50 !== undefined) facts.push(['Median nightly price', formatMoney(market.price_p50, currency)]);
  if (market.median_estimated_occupancy_nights !== undefined) {
    facts.push(['Median booked nights a year (est.)', String(Math.round(market.median_estimated_occupancy_nights))]);
  }
  if (market.median_estimated_revenue !== undefined) {
    facts.push(['Median revenue a year (est.)', formatMoney(market.median_estimated_revenue, currency)]);
  }
  if (market.listing_estimated_revenue !== undefined) {
    facts.push(['Your revenue a year (est.)', formatMoney(market.listing_estimated_revenue, currency)]);
  }
  return (
    <div className="mt-6" data-testid="market-snapshot">
      <h3 className="text-sm font-semibold text-slate-900">
        {market.market ? `Your market: ${market.market}` : 'Your market'}
        {market.snapshot && <span className="font-normal text-slate-500"> · data of {market.snapshot}</span>}
      </h3>
      {market.basis && <p className="mt-0.5 text-sm text-slate-500">{market.basis}</p>}
      {comparables && (
        <p className="mt-0.5 text-sm font-medium text-slate-700" data-testid="market-comparables">
          {comparables}
        </p>
      )}
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-base font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <Explanation text={market.explanation} />
      <Explanation text={explanations['market_analysis_data.radius_km']} label="How comparables were chosen" />
      <MarketDistributions market={market} />
      <SeasonalityTable market={market} />
    </div>
  );
}

/** Occupancy and revenue quartiles among comparables, with the listing's place (a table, text values). */
function MarketDistributions({ market }: { market: MarketAnalysisData }) {
  const rows = distributionRows(market);
  if (rows.length === 0) return null;
  return (
    <div className="mt-6" data-testid="market-distributions">
      <h3 className="text-sm font-semibold text-slate-900">Where your listing sits</h3>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Comparable listings’ estimated booked nights and revenue over the last 12 months, and your listing’s place among them</caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Inside Airbnb estimate
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                25th percentile
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                Median
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                75th percentile
              </th>
              <th scope="col" className="py-1.5 pl-3 font-medium">
                Your listing
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.key} data-testid={`distribution-${row.key}`}>
                <th scope="row" className="py-2 pr-3 font-medium text-slate-700">
                  {row.label}
                </th>
                <td className="px-3 py-2 text-slate-900 tabular-nums">{row.p25}</td>
                <td className="px-3 py-2 font-semibold text-slate-900 tabular-nums">{row.p50}</td>
                <td className="px-3 py-2 text-slate-900 tabular-nums">{row.p75}</td>
                <td className="py-2 pl-3 text-slate-800">
                  {row.listing}
                  {row.percentile !== null && (
                    <span className="relative mt-1 block h-1.5 w-32 rounded-full bg-slate-100" aria-hidden="true">
                      <span className="absolute inset-y-0 left-1/4 w-1/2 bg-slate-200" />
                      <span className="absolute -top-0.5 h-2.5 w-1 rounded bg-brand-600" style={{ left: `calc(${row.percentile}% - 2px)` }} />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.map((row) => (
        <Explanation
          key={row.key}
          text={row.explanation}
          label={row.key === 'estimated_occupancy' ? 'How booked nights were measured' : 'How revenue was measured'}
        />
      ))}
    </div>
  );
}

/** A 0–1 share as a thin bar (decoration: the percentage is always written next to it). */
function ShareBar({ share, className }: { share: number; className: string }) {
  return (
    <span className="block h-2 w-full max-w-40 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
      <span className={cn('block h-full rounded-full', className)} style={{ width: `${Math.max(0, Math.min(100, share * 100))}%` }} />
    </span>
  );
}

/** The comparables' calendar month by month: nights not available, the busiest and quietest months marked in words. */
function SeasonalityTable({ market }: { market: MarketAnalysisData }) {
  const seasons = market.seasonality;
  const rows = seasonRows(market);
  if (!seasons || rows.length === 0) return null;
  const withListing = rows.some((row) => row.listingShare !== undefined);
  const withPrices = rows.some((row) => row.price !== undefined);
  const busiest = rows.find((row) => row.busiest);
  const quietest = rows.find((row) => row.quietest);
  return (
    <div className="mt-6" data-testid="seasonality">
      <h3 className="text-sm font-semibold text-slate-900">Seasonality: nights not available by month</h3>
      <p className="mt-0.5 text-sm text-slate-600">
        Booked or blocked by the host, as Inside Airbnb’s calendar showed them
        {seasons.comparables !== undefined ? ` for ${seasons.comparables} comparable listings` : ''}.
        {busiest && quietest && (
          <span data-testid="seasonality-summary">
            {' '}
            Busiest: {monthName(busiest.month)} ({percent(busiest.share)}). Quietest: {monthName(quietest.month)} ({percent(quietest.share)}).
          </span>
        )}
      </p>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <caption className="sr-only">Share of nights not available (booked or blocked) per month, comparable listings{withListing ? ' and your listing' : ''}</caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Month
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                Comparables
              </th>
              {withListing && (
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Your listing
                </th>
              )}
              {withPrices && (
                <th scope="col" className="py-1.5 pl-3 font-medium">
                  Median listed price
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.month} data-testid="season-month" data-busiest={row.busiest || undefined} data-quietest={row.quietest || undefined}>
                <th scope="row" className="py-1.5 pr-3 font-medium whitespace-nowrap text-slate-700">
                  {row.label}
                  {row.busiest && (
                    <>
                      {' '}
                      <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Busiest</span>
                    </>
                  )}
                  {row.quietest && (
                    <>
                      {' '}
                      <span className="ml-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">Quietest</span>
                    </>
                  )}
                  {row.coverage && (
                    <>
                      {' '}
                      <span className="block text-xs font-normal text-slate-500">{row.coverage}</span>
                    </>
                  )}
                </th>
                <td className="px-3 py-1.5">
                  <span className="flex items-center gap-2">
                    <span className="w-10 text-slate-900 tabular-nums">{percent(row.share)}</span>
                    <ShareBar share={row.share} className="bg-brand-500" />
                  </span>
                </td>
                {withListing && (
                  <td className="px-3 py-1.5">
                    {row.listingShare === undefined ? (
                      <span className="text-slate-500">—</span>
                    ) : (
                      <span className="flex items-center gap-2">
                        <span className="w-10 text-slate-900 tabular-nums">{percent(row.listingShare)}</span>
                        <ShareBar share={row.listingShare} className="bg-slate-400" />
                      </span>
                    )}
                  </td>
                )}
                {withPrices && <td className="py-1.5 pl-3 text-slate-900 tabular-nums">{row.price ?? '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Explanation text={seasons.explanation} />
    </div>
  );
}

function MarketAnalysis({ result }: { result: OptimizationResult }) {
  const scores = result.competitive_scores;
  const insights = result.performance_insights?.revenue_insights ?? [];
  const recommendations = strategicRecommendations(result);
  return (
    <ResultSection id="market-analysis" title="Market Analysis" icon="chart" className="mt-8">
      <div className="grid gap-4 sm:grid-cols-2">
        <ScoreBar label="Market positioning" value={scores?.market_positioning} />
        <ScoreBar label="Amenity score" value={scores?.amenity_score} />
        <ScoreBar label="Visual score" value={scores?.visual_score} />
        <ScoreBar label="Experience score" value={scores?.experience_score} />
      </div>
      <MarketSnapshot result={result} />
      {insights.length > 0 && (
        <div className="mt-6">
          <h3 className="text-sm font-semibold text-slate-900">Revenue insights</h3>
          <TextList items={insights} testId="revenue-insights" />
        </div>
      )}
      {recommendations.length > 0 && (
        <div className="mt-6">
          <h3 className="text-sm font-semibold text-slate-900">Strategic recommendations</h3>
          <TextList items={recommendations} testId="strategic-recommendations" />
        </div>
      )}
    </ResultSection>
  );
}

function ContentOptimization({ result }: { result: OptimizationResult }) {
  const words = wordCounts(result);
  const keywords = seoKeywords(result);
  const photos = photoCount(result);
  const minimum = result.photo_audit?.minimum;
  const sentiment = nonBlank(result.review_summary) ?? nonBlank(result.performance_insights?.review_sentiment) ?? 'No reviews yet.';
  return (
    <ResultSection id="content-optimization" title="Content & Visual Optimization" icon="description" className="mt-8">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-lg bg-slate-50 px-4 py-3" data-testid="word-count">
          <dt className="text-xs text-slate-500">Description length</dt>
          <dd className="text-base font-semibold text-slate-900">
            {words.original ?? '—'} → {words.optimized ?? '—'} words
          </dd>
          <dd className="text-xs text-slate-500">original → optimized</dd>
        </div>
        <div className="rounded-lg bg-slate-50 px-4 py-3" data-testid="photo-count">
          <dt className="text-xs text-slate-500">Photos</dt>
          <dd className="text-base font-semibold text-slate-900">{photos === 1 ? '1 photo' : `${photos} photos`}</dd>
          {minimum ? <dd className="text-xs text-slate-500">{platformName(result.platform)}’s minimum is {minimum}</dd> : null}
        </div>
        <div className="rounded-lg bg-slate-50 px-4 py-3">
          <dt className="text-xs text-slate-500">Guest reviews</dt>
          <dd className="text-sm text-slate-800" data-testid="review-sentiment">
            {sentiment}
          </dd>
        </div>
      </dl>


      <DescriptionRewrite result={result} embedded />

      {keywords.length > 0 && (
        <div className="mt-6">
          <h3 className="text-sm font-semibold text-slate-900">SEO keywords</h3>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="seo-keywords">
            {keywords.map(({ keyword, present }) => (
              <li
                key={keyword}
                className={cn(
                  'inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset',
                  present === false ? 'bg-amber-50 text-amber-800 ring-amber-600/25' : 'bg-green-50 text-green-800 ring-green-600/20',
                )}
              >
                {present === true && <Icon name="check" className="h-3.5 w-3.5" />}
                {keyword}
                {present === false && <span className="text-amber-700">· add to your description</span>}
                {present === true && <span className="sr-only">(already in your description)</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </ResultSection>
  );
}

function PdfReport({ result, sessionId, config, pageOrigin }: ResultsScreenProps) {
  const href = pdfHref(result.pdf_download_url, config.apiBase, pageOrigin);
  const premium = isPremium(result);
  return (
    <div className="mt-8 flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-7" data-testid="pdf-report">
      <div className="flex items-center gap-3">
        <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600" aria-hidden="true">
          <Icon name="description" className="h-5 w-5" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">PDF report</h2>
      </div>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClasses({})}>
          Download PDF Report
        </a>
      ) : premium ? (
        <a
          href={supportMailto(config.supportEmail, {
            subject: 'PDF report not generated',
            body: `My Premium report's PDF was not generated.\n\nCheckout session: ${sessionId}\n`,
          })}
          className="text-sm font-semibold text-red-700 hover:underline"
          data-testid="pdf-message"
        >
          {PDF_FAILED_MESSAGE}
        </a>
      ) : (
        <p className="text-sm font-medium text-slate-600" data-testid="pdf-message">
          {PDF_PREMIUM_ONLY_MESSAGE}
        </p>
      )}
    </div>
  );
}

function DataSources({ result }: { result: OptimizationResult }) {
  const sources = result.data_sources ?? [];
  const credits = attributions(result);
  const warnings = result.warnings ?? [];
  if (!sources.length && !credits.length && !warnings.length) return null;
  return (
    <section aria-labelledby="data-sources-title" className="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-600" data-testid="data-sources">
      <h2 id="data-sources-title" className="font-semibold text-slate-900">
        Data sources
      </h2>
      {sources.length > 0 && (
        <ul className="mt-2 space-y-1">
          {sources.map((source, index) => (
            <li key={`${index}:${source.name}`} className="break-words">
              <span className="font-medium text-slate-800">{source.name}</span>
              {source.detail && <span>: {source.detail}</span>}
            </li>
          ))}
        </ul>
      )}
      {credits.map((credit) => (
        <p key={credit} className="mt-2" data-testid="attribution">
          {credit}
        </p>
      ))}
      {warnings.length > 0 && (
        <details className="mt-3 [&_summary]:list-none">
          <summary className="inline-flex rounded font-medium text-brand-700 hover:underline">
            What we could not read ({warnings.length})
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** SPEC §2 results screen (§3 fields, §9 limits). */
export function ResultsScreen(props: ResultsScreenProps) {
  const { result } = props;
  const premium = isPremium(result);
  const title = titleOptions(result).current;
  return (
    <PageShell documentTitle="Your optimization report · ListingLift" mainClassName="py-10 sm:py-14">
      <Container className="max-w-5xl">
        <header className="text-center">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-50 text-green-600" aria-hidden="true">
            <Icon name="checkCircle" className="h-7 w-7" />
          </span>
          <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">{resultsHeading(result.package_type)}</h1>
            {premium && (
              <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase" data-testid="premium-badge">
                Premium
              </span>
            )}
          </div>
          {(title || result.location) && (
            <p className="mx-auto mt-2 max-w-2xl text-slate-600">{[title, result.location].filter(Boolean).join(' · ')}</p>
          )}
          {result.layout_notice && (
            <p
              role="note"
              className="mx-auto mt-4 max-w-2xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-left text-sm font-medium text-amber-900"
              data-testid="layout-notice"
            >
              {result.layout_notice}
            </p>
          )}
        </header>

        <OverallScore result={result} />
        <DoFirst result={result} />
        <SummaryCards result={result} />
        <ImmediateActions result={result} />
        {!premium && <DescriptionRewrite result={result} />}
        <SuggestedAmenities result={result} />
        {premium && <MarketAnalysis result={result} />}
        {premium && <ContentOptimization result={result} />}
        <PdfReport {...props} />
        {props.upgradeOffer}

        <nav aria-label="Next steps" className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/" size="lg">
            Optimize Another Listing
          </ButtonLink>
          <ButtonLink to="/dashboard" size="lg" variant="secondary">
            View Dashboard
          </ButtonLink>
        </nav>

        <DataSources result={result} />
      </Container>
    </PageShell>
  );
}
