import { useState } from 'react';
import { formatDate } from '@/lib/format';
import { changeEvidence, medianText, pricePosition, weekSummary, type Watch, type WatchCheck } from '@/lib/watch/watch';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}

function WeekRow({ check, n }: { check: WatchCheck; n: number }) {
  const position = pricePosition(check);
  const median = medianText(check);
  return (
    <li className="py-3" data-testid="watch-week" data-week={check.week}>
      <p className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900">Week {n}</span>
        {' · '}
        <time dateTime={check.checkedAt}>{formatDate(check.checkedAt)}</time>
      </p>
      {!check.failed && (
        <dl className="mt-1.5 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-3">
          <Figure label="Listing score" value={check.score !== null ? `${check.score}/100` : 'Not assessed'} />
          <Figure label="Your price" value={position || 'Not read'} />
          <Figure label="Comparables’ median" value={median || 'Not read'} />
        </dl>
      )}
      {check.changes.length > 0 ? (
        <ul className="mt-2 space-y-1.5" aria-label={`What changed in week ${n}`}>
          {check.changes.map((change, i) => (
            <li key={i} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-slate-800" data-testid="watch-change">
              <p>{change.what}</p>
              {changeEvidence(change) && <p className="mt-0.5 text-xs break-words text-slate-600">{changeEvidence(change)}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p className={check.failed ? 'mt-1.5 text-sm text-red-700' : 'mt-1.5 text-sm text-slate-600'} data-testid="watch-week-summary">
          {weekSummary(check)}
        </p>
      )}
    </li>
  );
}

/**
 * The watch's weeks, newest first (what the host came to see is the latest): each week's date,
 * score, price position and comparables' median, and what changed, "checked <date>: no change",
 * or why the listing could not be read.
 */
export function WatchTimeline({ watch, headingLevel = 3, show = 4 }: { watch: Watch; headingLevel?: 3 | 5; show?: number }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h5';
  // The newest `show` weeks at first, the rest on asking: twelve weeks on each listing card is a long page.
  const [all, setAll] = useState(false);
  if (watch.checks.length === 0) {
    return (
      <p className="mt-3 text-sm text-slate-600" data-testid="watch-no-weeks">
        No week checked yet.{watch.state === 'active' && watch.nextCheckAt ? ` The first check is on ${formatDate(watch.nextCheckAt)}.` : ''}
      </p>
    );
  }
  const rows = watch.checks.map((check, i) => ({ check, n: i + 1 })).reverse();
  const shown = all ? rows : rows.slice(0, show);
  return (
    <div className="mt-4">
      <Heading className="text-sm font-semibold text-slate-900">Week by week</Heading>
      <ol className="divide-y divide-slate-100" data-testid="watch-timeline">
        {shown.map(({ check, n }) => (
          <WeekRow key={check.week} check={check} n={n} />
        ))}
      </ol>
      {shown.length < rows.length && (
        <button
          type="button"
          onClick={() => setAll(true)}
          className="mt-1 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Show all {rows.length} weeks
        </button>
      )}
    </div>
  );
}
