import { useId } from 'react';
import { formatMoney } from '@/lib/format';
import { chartWeeks, nightly, type Watch, type WatchCheck } from '@/lib/watch/watch';

const WIDTH = 560;
const HEIGHT = 180;
const LEFT = 56;
const RIGHT = 12;
const TOP = 12;
const BOTTOM = 28;

/** "Dec 7": the x axis's label of a week. */
function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** The chart's name, said by a screen reader in place of the drawing: the first and last week's two figures. */
export function chartLabel(weeks: WatchCheck[]): string {
  const first = weeks[0];
  const last = weeks.at(-1);
  if (!first || !last) return '';
  const say = (c: WatchCheck) =>
    [c.price !== null ? `your price ${nightly(c.price, c.currency)}` : '', c.marketMedian !== null ? `comparables' median ${nightly(c.marketMedian, c.currency)}` : '']
      .filter(Boolean)
      .join(', ');
  const n = weeks.length;
  return n === 1
    ? `Your nightly price against your comparables' median, 1 week: ${say(last)}.`
    : `Your nightly price against your comparables' median over ${n} weeks: first week ${say(first)}; latest week ${say(last)}.`;
}

/** One line of the chart: its points, with a gap where the week had no such figure. */
function series(weeks: WatchCheck[], pick: (c: WatchCheck) => number | null, x: (i: number) => number, y: (v: number) => number) {
  const runs: string[][] = [[]];
  weeks.forEach((c, i) => {
    const v = pick(c);
    if (v === null) {
      runs.push([]);
      return;
    }
    runs.at(-1)?.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  return { runs: runs.filter((r) => r.length > 1), points: weeks.flatMap((c, i) => (pick(c) === null ? [] : [{ i, v: pick(c) ?? 0 }])) };
}

/**
 * The listing's nightly price against its comparables' median, week by week (issue 45): an
 * SVG named by its figures in words, and the same figures as a table for anyone who would
 * rather read them. Nothing when no week had either figure.
 */
export function WatchChart({ watch }: { watch: Watch }) {
  const id = useId();
  const weeks = chartWeeks(watch);
  if (weeks.length === 0) return null;
  const currency = weeks.at(-1)?.currency ?? '';
  const values = weeks.flatMap((c) => [c.price, c.marketMedian]).filter((v): v is number => v !== null);
  // At least 10 % of range around the figures, so a move of a few dollars does not look like a cliff.
  let low = Math.min(...values);
  let high = Math.max(...values);
  const span = Math.max(high - low, high * 0.1, 1);
  low = Math.max(0, low - span * 0.15);
  high = high + span * 0.15;
  const x = (i: number) => (weeks.length === 1 ? (LEFT + WIDTH - RIGHT) / 2 : LEFT + (i * (WIDTH - LEFT - RIGHT)) / (weeks.length - 1));
  const y = (v: number) => TOP + ((high - v) * (HEIGHT - TOP - BOTTOM)) / (high - low);
  const price = series(weeks, (c) => c.price, x, y);
  const median = series(weeks, (c) => c.marketMedian, x, y);
  const ticks = [high, (high + low) / 2, low];
  // Every week's date when they fit; otherwise the first, the last and every few between.
  const every = Math.max(1, Math.ceil(weeks.length / 6));
  return (
    <figure className="mt-4" data-testid="watch-chart">
      <figcaption id={`${id}-caption`} className="text-sm font-semibold text-slate-900">
        Your price and your comparables’ median
      </figcaption>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-5 bg-brand-600" /> Your nightly price
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-0 w-5 border-t-2 border-dashed border-slate-500" /> Comparables’ median
        </li>
      </ul>
      <svg role="img" aria-label={chartLabel(weeks)} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-2 h-auto w-full max-w-2xl" data-testid="watch-chart-svg">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(t)} y2={y(t)} className="stroke-slate-200" strokeWidth="1" />
            <text x={LEFT - 6} y={y(t) + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
              {formatMoney(t, currency || undefined)}
            </text>
          </g>
        ))}
        {weeks.map((c, i) =>
          i % every === 0 || i === weeks.length - 1 ? (
            <text key={c.week} x={x(i)} y={HEIGHT - 8} textAnchor="middle" className="fill-slate-500 text-[11px]">
              {shortDate(c.checkedAt)}
            </text>
          ) : null,
        )}
        {median.runs.map((run) => (
          <polyline key={`m${run[0]}`} points={run.join(' ')} fill="none" className="stroke-slate-500" strokeWidth="2" strokeDasharray="5 4" />
        ))}
        {median.points.map(({ i, v }) => (
          <circle key={`m${i}`} cx={x(i)} cy={y(v)} r="3" className="fill-white stroke-slate-500" strokeWidth="1.5" />
        ))}
        {price.runs.map((run) => (
          <polyline key={`p${run[0]}`} points={run.join(' ')} fill="none" className="stroke-brand-600" strokeWidth="2.5" strokeLinejoin="round" />
        ))}
        {price.points.map(({ i, v }) => (
          <circle key={`p${i}`} cx={x(i)} cy={y(v)} r="3.5" className="fill-brand-600" data-testid="watch-chart-price" />
        ))}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="inline-flex cursor-pointer rounded font-medium text-brand-700 hover:underline">The chart’s figures as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-testid="watch-chart-table">
            <caption className="sr-only">Your nightly price and your comparables’ median by week</caption>
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Week of
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Your price
                </th>
                <th scope="col" className="py-1 font-medium">
                  Comparables’ median
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-800">
              {weeks.map((c) => (
                <tr key={c.week}>
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {shortDate(c.checkedAt)}
                  </th>
                  <td className="py-1 pr-4">{c.price !== null ? nightly(c.price, c.currency) : 'Not read'}</td>
                  <td className="py-1">{c.marketMedian !== null ? nightly(c.marketMedian, c.currency) : 'Not read'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
