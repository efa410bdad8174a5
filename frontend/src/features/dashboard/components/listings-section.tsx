import { useId } from 'react';
import { Link } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { recheckAllowance, useRecheck } from '@/lib/orders/actions';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { WatchPanel } from '@/components/watch/watch-panel';
import { type Listing } from '../api/get-listings';
import { useListings } from '../hooks/use-dashboard-data';
import { scoreTrend, type ScoreTrend, type TrendDirection } from '../trend';
import { listingAddress, reportHref } from './optimization-list';

const lineTone: Record<TrendDirection, string> = {
  up: 'text-green-600',
  down: 'text-red-600',
  unchanged: 'text-brand-600',
  single: 'text-brand-600',
};

const changeTone: Record<TrendDirection, string> = {
  up: 'text-green-700',
  down: 'text-red-700',
  unchanged: 'text-slate-700',
  single: 'text-slate-700',
};

const WIDTH = 112;
const HEIGHT = 36;
const PAD = 4;

/** The scores oldest → newest as a small line, the newest point marked; named by its text for screen readers. */
export function Sparkline({ trend, className }: { trend: ScoreTrend; className?: string }) {
  const { scores } = trend;
  // At least 20 points of range, so a small change does not look like a cliff.
  let low = Math.min(...scores);
  let high = Math.max(...scores);
  if (high - low < 20) {
    low = Math.min(Math.max(0, (high + low) / 2 - 10), 80);
    high = low + 20;
  }
  // One score: its point at the start, a dashed line where the next reports will go.
  const x = (i: number) => (scores.length === 1 ? PAD + 2 : PAD + (i * (WIDTH - 2 * PAD)) / (scores.length - 1));
  const y = (score: number) => PAD + ((high - score) * (HEIGHT - 2 * PAD)) / (high - low || 1);
  const points = scores.map((score, i) => `${x(i).toFixed(1)},${y(score).toFixed(1)}`).join(' ');
  const last = scores.length - 1;
  return (
    <svg
      role="img"
      aria-label={trend.spoken}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      className={cn('shrink-0 overflow-visible', lineTone[trend.direction], className)}
      data-testid="score-sparkline"
    >
      {scores.length === 1 && (
        <line x1={x(0)} x2={WIDTH - PAD} y1={y(trend.latest)} y2={y(trend.latest)} className="stroke-slate-300" strokeWidth="1.5" strokeDasharray="3 4" />
      )}
      {scores.length > 1 && (
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      )}
      {scores.map((score, i) => (
        <circle
          key={i}
          cx={x(i)}
          cy={y(score)}
          r={i === last ? 3.5 : 2}
          fill={i === last ? 'currentColor' : 'var(--color-slate-50)'}
          stroke="currentColor"
          strokeWidth="1.5"
        />
      ))}
    </svg>
  );
}

function TrendSentence({ trend }: { trend: ScoreTrend }) {
  return (
    <p className="text-sm text-slate-600" data-testid="score-trend">
      <span className="font-semibold text-slate-900">{trend.lead}</span>
      {(trend.change || trend.context) && ' · '}
      {trend.change && <span className={cn('font-semibold', changeTone[trend.direction])}>{trend.change}</span>}
      {trend.change && trend.context && ' '}
      {trend.context}
    </p>
  );
}

function ListingCard({ listing }: { listing: Listing }) {
  const id = useId();
  const { state, start } = useRecheck();
  const title = listing.listingTitle.trim() || 'Untitled listing';
  const trend = scoreTrend(listing.reports);
  const recheck = listing.recheck?.available ? listing.recheck : null;
  return (
    <li className="px-5 py-5" data-testid="listing-card">
      <div className={cn('grid gap-4', trend && 'lg:grid-cols-[minmax(0,1fr)_27rem] lg:gap-x-8 lg:gap-y-3')}>
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="line-clamp-2 font-semibold break-words text-slate-900">
            {title}
          </h3>
          <p className="mt-0.5 truncate text-sm text-slate-500">{listingAddress(listing.listingUrl)}</p>
        </div>
        {trend && (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 self-start rounded-xl bg-slate-50 px-4 py-3 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <Sparkline trend={trend} />
            <div className="min-w-[13rem] flex-1">
              <TrendSentence trend={trend} />
            </div>
          </div>
        )}
        <ol className="flex flex-wrap gap-2 self-start lg:col-start-1" aria-label={`Reports of ${title}`} data-testid="listing-reports">
          {listing.reports.map((report) => (
            <li key={report.id}>
              <Link
                to={reportHref(report)}
                className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-slate-50 px-3 py-1 text-xs text-slate-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span className="font-semibold text-slate-900">{report.recheckOf ? 'Re-check' : 'Report'}</span>
                <span aria-hidden="true">·</span>
                <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
              </Link>
            </li>
          ))}
        </ol>
      </div>
      {recheck && (
        <div className="mt-4 flex flex-col items-start gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-4" data-testid="listing-recheck">
          <Button
            size="sm"
            onClick={() => start(recheck.of)}
            disabled={state.status === 'starting'}
            aria-describedby={`${id}-title ${id}-allowance`}
          >
            {state.status === 'starting' ? 'Starting the re-check…' : 'Re-check my listing'}
          </Button>
          <p id={`${id}-allowance`} className="text-sm text-slate-600">
            {recheckAllowance(recheck)}
          </p>
          {state.status === 'error' && (
            <p role="alert" className="text-sm text-red-700 sm:w-full">
              {state.message}
            </p>
          )}
        </div>
      )}
      {listing.watch && <WatchPanel watch={listing.watch} className="mt-4 border-t border-slate-100 pt-4" />}
    </li>
  );
}

/**
 * "Your listings" (issue 18): one card per listing the host has reports of, with its score
 * trend, its reports and re-checks, and the free re-check while one is left. Hidden when the
 * host has none; its own loading and error states, so the order list below never waits for it.
 * `expectListings`: whether to show the loading state (a host with no purchases sees nothing appear and go).
 */
export function ListingsSection({ uid, expectListings = true }: { uid: string; expectListings?: boolean }) {
  const listings = useListings(uid);
  if (listings.status === 'success' && listings.data.length === 0) return null;
  if (listings.status === 'loading' && !expectListings) return null;
  return (
    <section aria-labelledby="listings-title" className="mt-10 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="listings-section">
      <div className="border-b border-slate-200 px-5 py-4">
        <h2 id="listings-title" className="text-lg font-semibold text-slate-900">
          Your listings
        </h2>
        <p className="mt-1 text-sm text-slate-600">Your listing score over time, report by report.</p>
      </div>
      {listings.status === 'loading' ? (
        <Spinner label="Loading your listings…" className="py-12" />
      ) : listings.status === 'error' ? (
        <LoadError what="Your listings" message={listings.message} onRetry={listings.reload} testId="listings-error" />
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="listings">
          {listings.data.map((listing) => (
            <ListingCard key={listing.listingUrl} listing={listing} />
          ))}
        </ul>
      )}
    </section>
  );
}
