import { cn } from '@/lib/cn';
import { formatDate, formatMoney } from '@/lib/format';
import {
  comparablesSummary,
  distributionRows,
  marketSourceLine,
  monthName,
  percent,
  seasonRows,
  strategicRecommendations,
} from '../../results';
import { type MarketAnalysisData, type OptimizationResult } from '@/lib/report/read';
import { Explanation, ResultSection, ScoreBar, ScrollRegion, TextList } from '../results-parts';
import { ComparablesTable, MissingParts, TitlePatterns } from './comparables';
import { competitiveScoreFigures } from './not-assessed';

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
  const currency = market.currency;
  const comparables = comparablesSummary(market);
  const explanations = result.explanations ?? {};
  const facts: [string, string][] = [];
  facts.push(['Comparable listings', String(market.comparables)]);
  if (market.price_p25 !== undefined && market.price_p75 !== undefined) {
    facts.push(['Typical nightly price', `${formatMoney(market.price_p25, currency)}–${formatMoney(market.price_p75, currency)}`]);
  }
  if (market.price_p50 !== undefined) facts.push(['Median nightly price', formatMoney(market.price_p50, currency)]);
  if (market.median_rating !== undefined) facts.push(['Median guest rating', market.median_rating.toFixed(2)]);
  if (market.guest_favorite_share !== undefined) facts.push(['Marked “Guest favorite”', percent(market.guest_favorite_share)]);
  const today = market.today_prices;
  if (today) {
    facts.push(['Nightly prices nearby today', `${formatMoney(today.p25, today.currency)}–${formatMoney(today.p75, today.currency)}`]);
  }
  if (market.median_estimated_occupancy_nights !== undefined) {
    facts.push(['Median booked nights a year (est.)', String(Math.round(market.median_estimated_occupancy_nights))]);
  }
  if (market.median_estimated_revenue !== undefined) {
    facts.push(['Median revenue a year (est.)', formatMoney(market.median_estimated_revenue, currency)]);
  }
  if (market.listing_estimated_revenue !== undefined) {
    facts.push(['Your revenue a year (est.)', formatMoney(market.listing_estimated_revenue, currency)]);
  }
  const live = market.source === 'live';
  const source = marketSourceLine(market);
  return (
    <div className="mt-6" data-testid="market-snapshot" data-source={market.source}>
      <h3 className="text-sm font-semibold text-slate-900">{live ? 'Your market: listings like yours nearby, today' : market.market ? `Your market: ${market.market}` : 'Your market'}</h3>
      {source && (
        <p className="mt-0.5 text-sm text-slate-600" data-testid="market-source">
          {source}
        </p>
      )}
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
      <MissingParts missing={market.missing} />
      <Explanation text={market.explanation} />
      <Explanation text={explanations['market_analysis_data.radius_km']} label="How comparables were chosen" />
      {today?.explanation && <Explanation text={today.explanation} label="How today’s prices were read" />}
      <MarketDistributions market={market} />
      <SeasonalityTable market={market} />
      <TitlePatterns market={market} />
      <ComparablesTable market={market} />
    </div>
  );
}

const DISTRIBUTION_LABEL: Readonly<Record<string, string>> = {
  ratings: 'How ratings were compared',
  review_counts: 'How reviews were compared',
  estimated_occupancy: 'How booked nights were measured',
  estimated_revenue: 'How revenue was measured',
};

/**
 * The "Your listing" column of "Where your listing sits": its last, pinned to the table's right
 * edge, so on a phone, where the quartiles scroll sideways, the host's own figures stay in view
 * (issue 43); on a wide screen nothing scrolls and it sits in place. Opaque, with a shadow on its
 * left edge while the columns slide under it.
 */
const YOURS_PINNED = 'sticky right-0 bg-white pl-3 shadow-[-10px_0_8px_-8px_rgba(15,23,42,0.18)] sm:shadow-none';

/** Rating, review, occupancy and revenue quartiles among comparables, with the listing's place (a table, text values). */
function MarketDistributions({ market }: { market: MarketAnalysisData }) {
  const rows = distributionRows(market);
  if (rows.length === 0) return null;
  return (
    <div className="mt-6" data-testid="market-distributions">
      <h3 className="text-sm font-semibold text-slate-900">Where your listing sits</h3>
      <ScrollRegion label="Where your listing sits among comparables">
        <table className="w-full min-w-[30rem] text-left text-sm sm:min-w-[36rem]">
          <caption className="sr-only">How comparable listings’ ratings, reviews and estimates spread, and your listing’s place among them</caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Among comparables
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
              <th scope="col" className={cn(YOURS_PINNED, 'py-1.5 font-medium')}>
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
                <td className={cn(YOURS_PINNED, 'py-2 text-slate-800')}>
                  {row.listing}
                  {row.percentile !== null && (
                    <span className="relative mt-1 block h-1.5 w-24 rounded-full bg-slate-100 sm:w-32" aria-hidden="true">
                      <span className="absolute inset-y-0 left-1/4 w-1/2 bg-slate-200" />
                      <span className="absolute -top-0.5 h-2.5 w-1 rounded bg-brand-600" style={{ left: `calc(${row.percentile}% - 2px)` }} />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {rows.map((row) => (
        <Explanation
          key={row.key}
          text={row.explanation}
          label={DISTRIBUTION_LABEL[row.key]}
        />
      ))}
    </div>
  );
}

/** A 0–1 share as a thin bar (decoration: the percentage is always written next to it). */
function ShareBar({ share, className }: { share: number; className: string }) {
  // Not on a phone: the month table then fits the screen, "Your listing" with it (issue 43).
  return (
    <span className="hidden h-2 w-full max-w-40 overflow-hidden rounded-full bg-slate-100 sm:block" aria-hidden="true">
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
        {market.source === 'live'
          ? `Booked or blocked by the host from today on, in the Airbnb calendars of ${seasons.comparables} nearest comparable listings`
          : `Booked or blocked by the host, as Inside Airbnb’s calendar showed them for ${seasons.comparables} comparable listings`}
        .
        {busiest && quietest && (
          <span data-testid="seasonality-summary">
            {' '}
            Busiest: {monthName(busiest.month)} ({percent(busiest.share)}). Quietest: {monthName(quietest.month)} ({percent(quietest.share)}).
          </span>
        )}
      </p>
      <ScrollRegion label="Nights not available by month">
        <table className="w-full text-left text-sm sm:min-w-[28rem]">
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
                <th scope="row" className="py-1.5 pr-3 font-medium text-slate-700 sm:whitespace-nowrap">
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
      </ScrollRegion>
      <Explanation text={seasons.explanation} />
    </div>
  );
}

/**
 * "Your market over the last N weeks" (issue 45): from 4 weeks of Watch on, a re-check shows the
 * comparables' median and the listing's own price week by week, as Watch measured them. A table
 * (each figure written) with the server's explanation of where the figures come from.
 */
function MarketHistory({ market }: { market: MarketAnalysisData | null | undefined }) {
  const history = market?.history;
  const points = history?.points ?? [];
  if (!history || points.length === 0) return null;
  const withBand = points.some((p) => p.band);
  return (
    <div className="mt-6" data-testid="market-history">
      <h3 className="text-sm font-semibold text-slate-900">{history.heading}</h3>
      <ScrollRegion label={history.heading}>
        <table className="text-left text-sm">
          <caption className="sr-only">Your nightly price and your comparables’ median nightly price, week by week</caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1.5 pr-6 font-medium">
                Checked
              </th>
              <th scope="col" className="py-1.5 pr-6 font-medium">
                Your price
              </th>
              <th scope="col" className={cn('py-1.5 font-medium', withBand && 'pr-6')}>
                Comparables’ median
              </th>
              {withBand && (
                <th scope="col" className="py-1.5 font-medium">
                  Your price among them
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-900 tabular-nums">
            {points.map((p) => (
              <tr key={p.week} data-testid="market-history-week">
                <th scope="row" className="py-1.5 pr-6 font-normal text-slate-700">
                  {/* A date without a time: read at noon UTC in UTC, so no time zone moves it a day. */}
                  {formatDate(`${p.checked_at}T12:00:00Z`, 'UTC')}
                </th>
                <td className="py-1.5 pr-6">{p.price !== null ? formatMoney(p.price, history.currency || undefined) : 'Not read'}</td>
                <td className={cn('py-1.5', withBand && 'pr-6')}>
                  {formatMoney(p.median, history.currency || undefined)}
                  <span className="text-slate-500"> ({p.comparables})</span>
                </td>
                {withBand && <td className="py-1.5">{p.band ?? '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="mt-1 text-xs text-slate-500">In brackets: how many comparables had a price that week.</p>
      <Explanation text={history.explanation} label="Where these figures come from" />
    </div>
  );
}

export function MarketAnalysis({ result }: { result: OptimizationResult }) {
  const insights = result.performance_insights?.revenue_insights ?? [];
  const recommendations = strategicRecommendations(result);
  return (
    <ResultSection id="market-analysis" title="Market Analysis" icon="chart" className="mt-8">
      <div className="grid gap-4 sm:grid-cols-2">
        {competitiveScoreFigures(result).map(({ label, figure }) => (
          <ScoreBar
            key={label}
            label={label}
            value={figure?.assessed ? Number(figure.value) : undefined}
            notAssessed={figure && !figure.assessed ? figure.why : undefined}
          />
        ))}
      </div>
      <MarketSnapshot result={result} />
      <MarketHistory market={result.market_analysis_data} />
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
