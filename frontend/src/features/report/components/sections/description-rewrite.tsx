import { CopyButton } from '@/components/ui/copy-button';
import { wordCounts, writerNotes, writtenBy } from '../../results';
import { type OptimizationResult } from '@/lib/report/read';
import { Explanation, ResultSection } from '../results-parts';
import { descriptionWordsFigure, NOT_ASSESSED_TEXT } from './not-assessed';

/**
 * Who wrote the new description and what was checked, in the server's words (writtenBy: the same
 * line as the PDF's and the e-mail's). A report stored before the server labelled its copy has no
 * label: the line then claims nothing — no writer, no check.
 */
export const DESCRIPTION_WRITER_FALLBACK = 'Suggested wording for your listing: read it through before you paste it.';

export function descriptionWriterLabel(result: Pick<OptimizationResult, 'writer_labels'>): string {
  return writtenBy(result, 'optimized_description') ?? DESCRIPTION_WRITER_FALLBACK;
}

function words(n: number | null): string {
  return n === null ? '—' : n === 1 ? '1 word' : `${n} words`;
}

/**
 * The description before and after, side by side (stacked on a phone), with word counts and a
 * copy button on the new one: for every plan, wherever the report is opened from. Premium shows
 * it inside Content & Visual Optimization as SPEC's "description enhancement" (`embedded`);
 * Basic as a section of its own.
 */
export function DescriptionRewrite({ result, embedded = false }: { result: OptimizationResult; embedded?: boolean }) {
  const after = result.optimized_description.trim();
  if (!after) return null;
  const body = <BeforeAfter result={result} after={after} />;
  if (embedded) {
    return (
      <div className="mt-6" data-testid="description-rewrite">
        <h3 className="text-sm font-semibold text-slate-900">Description enhancement</h3>
        {body}
      </div>
    );
  }
  return (
    <ResultSection id="description-rewrite" title="Your description" icon="description" className="mt-8">
      {body}
    </ResultSection>
  );
}

/** A description read (its words counted) whose text the report does not hold: one stored before it kept the text. */
const DESCRIPTION_NOT_KEPT = 'This report was made before ListingLift kept your description’s text with it.';

function BeforeAfter({ result, after }: { result: OptimizationResult; after: string }) {
  const before = result.original_description.trim();
  const counts = wordCounts(result);
  const original = descriptionWordsFigure(result);
  return (
    <>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            Before{' '}
            <span className="font-normal text-slate-500" title={original.assessed ? undefined : original.why}>
              · {original.assessed ? words(counts.original) : NOT_ASSESSED_TEXT.toLowerCase()}
            </span>
          </h3>
          <p
            className="mt-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm leading-6 whitespace-pre-wrap text-slate-700"
            data-testid="original-description"
          >
            {before || (original.assessed && (counts.original ?? 0) > 0 ? DESCRIPTION_NOT_KEPT : 'Your description could not be read from the listing page.')}
          </p>
        </div>
        <div>
          <div className="flex items-center justify-between gap-3">
            <h3 className="text-sm font-semibold text-slate-900">
              After <span className="font-normal text-slate-500">· {words(counts.optimized)}</span>
            </h3>
            <CopyButton text={after} label="Copy the new description" />
          </div>
          <p className="mt-1 text-xs text-slate-600" data-testid="description-writer">
            {descriptionWriterLabel(result)}
          </p>
          <p
            className="mt-2 rounded-lg border border-green-200 bg-green-50 p-4 text-sm leading-6 whitespace-pre-wrap text-slate-800"
            data-testid="optimized-description"
          >
            {after}
          </p>
          {writerNotes(result).description.length > 0 && (
            <ul className="mt-2 space-y-1 text-xs text-slate-600" data-testid="writer-notes">
              {writerNotes(result).description.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <Explanation text={result.explanations?.optimized_description} label="What we found in your description" />
    </>
  );
}
