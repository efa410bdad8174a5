import { type CSSProperties } from 'react';
import { type OptimizationResult } from '@/lib/report/read';
import { type ReportReadFact } from '@/types/report-contract';
import { platformName } from '../../results';
import { ResultSection } from '../results-parts';

/** The section's heading and words, the same as the PDF's (backend/pdfreport/listing_read.go). */
export const LISTING_READ_TITLE = 'What we read from your page';
export const LISTING_READ_INTRO = 'Every finding in this report rests on these facts as we read them from your listing page, so you can check each one.';
export const NOT_READ_TEXT = 'Not read';

/** What a fact without a value shows in its place: "Not read", "Not on Booking.com"; '' when it has a value. */
export function factShows(fact: Pick<ReportReadFact, 'status'>, platform: string | undefined): string {
  if (fact.status === 'not_read' || fact.status === '') return NOT_READ_TEXT;
  if (fact.status === 'not_on_site') return `Not on ${platformName(platform)}`;
  return '';
}

/** The muted note beside a fact: what the page showed of a partial one, and where it was read when not where most were. */
export function factNotes(fact: ReportReadFact, commonWhere: string): string[] {
  const notes: string[] = [];
  if (fact.status === 'partial' && fact.shown) notes.push(`partial: ${fact.shown}`);
  if (fact.where && fact.where !== commonWhere) notes.push(fact.where);
  return notes;
}

/**
 * "What we read from your page" (report.listing): every fact the report's findings rest on, as a
 * two-column table (in two such columns on a wide screen, down the first, then the second) — the fact, then its value with a muted note (partial, where), or "Not read" in
 * grey, never a default or a zero in its place. Shown on every plan, after the report and before its
 * data sources; a report stored before the listing was kept (listing null) has none.
 */
export function ListingRead({ result }: { result: OptimizationResult }) {
  const read = result.listing;
  const facts = read?.facts ?? [];
  if (!read || facts.length === 0) return null;
  return (
    <ResultSection id="listing-read" title={LISTING_READ_TITLE} icon="eye" className="mt-10">
      <p className="text-sm text-slate-600">
        {LISTING_READ_INTRO}
        {read.where && ` Read ${read.where} unless a row says otherwise.`}
      </p>
      <dl
        className="mt-3 text-sm lg:grid lg:grid-flow-col lg:grid-cols-2 lg:grid-rows-[repeat(var(--read-rows),auto)] lg:gap-x-10"
        style={{ '--read-rows': Math.ceil(facts.length / 2) } as CSSProperties}
        data-testid="listing-read-facts"
      >
        {facts.map((fact) => {
          const shows = factShows(fact, result.platform);
          const notes = factNotes(fact, read.where);
          return (
            <div key={fact.key || fact.label} className="grid grid-cols-[7.5rem_1fr] gap-x-3 border-b border-slate-100 py-2 sm:grid-cols-[10rem_1fr] lg:grid-cols-[8.5rem_1fr]" data-testid={`read-fact-${fact.key}`}>
              <dt className="font-medium text-slate-900">{fact.label}</dt>
              <dd className="min-w-0 break-words">
                {shows ? <span className="text-slate-500">{shows}</span> : <span className="text-slate-800">{fact.value}</span>}
                {fact.items && fact.items.length > 0 && (
                  <details className="mt-0.5 text-xs text-slate-500 [&_summary]:list-none">
                    <summary className="inline-flex min-h-6 items-center rounded font-medium text-brand-700 hover:underline">
                      Show {fact.items.length === 1 ? 'the name' : `the ${fact.items.length} names`}
                    </summary>
                    <p className="mt-1">{fact.items.join(', ')}</p>
                  </details>
                )}
                {notes.length > 0 && (
                  <>
                    {' '}
                    <span className="mt-0.5 block text-xs text-slate-500">{notes.join(' · ')}</span>
                  </>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </ResultSection>
  );
}
