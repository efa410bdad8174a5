import { comparableRows, percent } from '../../results';
import { type MarketAnalysisData } from '@/lib/report/read';
import { ScrollRegion } from '../results-parts';

/** What the live search could not read: said before the figures, so the host reads them with it. */
export function MissingParts({ missing }: { missing?: string[] }) {
  if (!missing || missing.length === 0) return null;
  return (
    <div className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="market-missing">
      <p className="font-medium">Not everything could be read today:</p>
      <ul className="mt-1 list-disc pl-5">
        {missing.map((m) => (
          <li key={m}>{m}.</li>
        ))}
      </ul>
    </div>
  );
}

/** Words the best-rated comparables' titles share, and whether the host's title has them. */
export function TitlePatterns({ market }: { market: MarketAnalysisData }) {
  const patterns = market.title_patterns ?? [];
  if (patterns.length === 0) return null;
  return (
    <div className="mt-6" data-testid="title-patterns">
      <h3 className="text-sm font-semibold text-slate-900">Words the best-rated comparables use in their titles</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {patterns.map((p) => (
          <li key={p.word} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
            <span className="font-medium">{p.word}</span> · {percent(p.share_best)} of the best-rated, {percent(p.share_rest)} of the rest
            {p.in_listing ? ' · in your title' : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The nearest comparables: title (text), distance, size, price, rating, badges; the title links to the listing's page. */
export function ComparablesTable({ market }: { market: MarketAnalysisData }) {
  const rows = comparableRows(market);
  if (rows.length === 0) return null;
  const total = market.comparables;
  return (
    <details className="mt-6" data-testid="comparables-list">
      <summary className="cursor-pointer py-1 text-sm font-semibold text-slate-900">
        The {rows.length < total ? `nearest ${rows.length} of ${total}` : rows.length} comparable listings
      </summary>
      <ScrollRegion label="Comparable listings">
        <table className="w-full text-left text-sm sm:min-w-[40rem]">
          <caption className="sr-only">Comparable listings, nearest first</caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Listing
              </th>
              <th scope="col" className="hidden px-3 py-1.5 font-medium sm:table-cell">
                Distance
              </th>
              <th scope="col" className="hidden px-3 py-1.5 font-medium sm:table-cell">
                Bedrooms
              </th>
              <th scope="col" className="hidden px-3 py-1.5 font-medium sm:table-cell">
                Nightly price
              </th>
              <th scope="col" className="hidden py-1.5 pl-3 font-medium sm:table-cell">
                Rating (reviews)
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row, i) => (
              <tr key={`${row.url}-${i}`} data-testid="comparable-row">
                <th scope="row" className="max-w-72 py-1.5 pr-3 font-normal text-slate-800">
                  {row.url ? (
                    <a href={row.url} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline underline-offset-2">
                      {row.title}
                    </a>
                  ) : (
                    row.title
                  )}
                  {row.badges && <span className="block text-xs text-slate-500">{row.badges}</span>}
                  <span className="block text-xs text-slate-600 sm:hidden">
                    {row.distance} · {row.size} · {row.price} a night · {row.rating}
                  </span>
                </th>
                <td className="hidden px-3 py-1.5 whitespace-nowrap text-slate-900 tabular-nums sm:table-cell">{row.distance}</td>
                <td className="hidden px-3 py-1.5 text-slate-900 tabular-nums sm:table-cell">{row.bedrooms}</td>
                <td className="hidden px-3 py-1.5 text-slate-900 tabular-nums sm:table-cell">{row.price}</td>
                <td className="hidden py-1.5 pl-3 whitespace-nowrap text-slate-900 tabular-nums sm:table-cell">{row.rating}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </details>
  );
}
