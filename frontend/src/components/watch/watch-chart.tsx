import { useEffect, useId, useRef, useState } from 'react';
import { formatMoney } from '@/lib/format';
import { chartWeeks, nightly, type Watch, type WatchCheck } from '@/lib/watch/watch';

/** The width drawn at before the chart's box is measured (and in tests, where nothing has a size). */
const DEFAULT_WIDTH = 560;
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

/**
 * The chart's box width in CSS pixels, followed as it changes: the SVG is drawn at its real
 * width, so its labels keep their size on a phone instead of shrinking with a scaled drawing.
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = Math.round(box.getBoundingClientRect().width);
      if (w > 0) setWidth(Math.min(Math.max(w, 240), 720));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A round step (1, 2 or 5 × 10ⁿ) that splits `span` into at most 4 parts. */
function niceStep(span: number): number {
  const raw = span / 4;
  const unit = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].map((m) => m * unit).find((step) => step >= raw) ?? 10 * unit);
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
  const weeks = chartWeeks(watch);
  if (weeks.length === 0) return null;
  return <Chart weeks={weeks} />;
}

function Chart({ weeks }: { weeks: WatchCheck[] }) {
  const id = useId();
  const { ref, width: WIDTH } = useWidth();
  const currency = weeks.at(-1)?.currency ?? '';
  const values = weeks.flatMap((c) => [c.price, c.marketMedian]).filter((v): v is number => v !== null);
  // At least 10 % of the price as range, so a move of a few dollars does not look like a cliff;
  // the axis on round figures.
  const least = Math.min(...values);
  const most = Math.max(...values);
  const step = niceStep(Math.max(most - least, most * 0.1, 1));
  const low = Math.max(0, Math.floor(least / step) * step);
  const high = Math.max(Math.ceil(most / step) * step, low + step);
  // Weeks placed by their date, so a week that could not be read leaves its gap.
  const times = weeks.map((c) => Date.parse(c.checkedAt));
  const first = Math.min(...times);
  const spanT = Math.max(...times) - first;
  const x = (i: number) => (spanT <= 0 ? (LEFT + WIDTH - RIGHT) / 2 : LEFT + (((times[i] ?? first) - first) * (WIDTH - LEFT - RIGHT)) / spanT);
  const y = (v: number) => TOP + ((high - v) * (HEIGHT - TOP - BOTTOM)) / (high - low);
  const price = series(weeks, (c) => c.price, x, y);
  const median = series(weeks, (c) => c.marketMedian, x, y);
  const ticks: number[] = [];
  for (let t = low; t <= high + step / 2; t += step) ticks.push(t);
  // Every week's date when they fit (about 70 px each); otherwise the last and every few before it.
  const every = Math.max(1, Math.ceil(weeks.length / Math.max(2, Math.floor((WIDTH - LEFT) / 70))));
  const last = weeks.length - 1;
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
      <div ref={ref} className="mt-2 w-full max-w-2xl">
      <svg role="img" aria-label={chartLabel(weeks)} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} className="block max-w-full" data-testid="watch-chart-svg">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(t)} y2={y(t)} className="stroke-slate-200" strokeWidth="1" />
            <text x={LEFT - 6} y={y(t) + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
              {formatMoney(t, currency || undefined)}
            </text>
          </g>
        ))}
        {weeks.map((c, i) =>
          (last - i) % every === 0 ? (
            <text
              key={c.week}
              x={x(i)}
              y={HEIGHT - 8}
              // The end labels inside the box, not cut at its edge.
              textAnchor={weeks.length > 1 && i === last ? 'end' : weeks.length > 1 && i === 0 ? 'start' : 'middle'}
              className="fill-slate-500 text-[11px]"
            >
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
      </div>
      <details className="mt-2 text-sm">
        <summary className="inline-flex cursor-pointer rounded font-medium text-brand-700 hover:underline">The chart’s figures as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="text-left text-sm" data-testid="watch-chart-table">
            <caption className="sr-only">Your nightly price and your comparables’ median by week</caption>
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Checked
                </th>
                <th scope="col" className="py-1 pr-6 font-medium">
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
                  <th scope="row" className="py-1 pr-6 font-normal">
                    {shortDate(c.checkedAt)}
                  </th>
                  <td className="py-1 pr-6">{c.price !== null ? nightly(c.price, c.currency) : 'Not read'}</td>
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
