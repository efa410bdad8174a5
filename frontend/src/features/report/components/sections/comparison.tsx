import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { LISTING_SCORE_NAME, SECTION_NAMES } from '../../results';
import { type ActionProgress, type BeforeAfter, type Comparison as ComparisonData, type OptimizationResult, type SectionKey } from '@/lib/report/read';

const PROGRESS_CLASSES: Record<Exclude<ActionProgress, ''>, string> = {
  done: 'bg-green-100 text-green-800 ring-green-600/20',
  'partly done': 'bg-amber-100 text-amber-900 ring-amber-600/25',
  'not yet': 'bg-slate-100 text-slate-700 ring-slate-500/25',
};

type SectionChange = NonNullable<ComparisonData['sections']>[number];

/** A section change that names its section: '' (a change stored without one) names nothing to compare. */
function namesSection(s: SectionChange): s is SectionChange & { section: SectionKey } {
  return s.section !== '';
}

/** "+6", "−3" or "no change", for a score or a count. */
export function changeText({ before, after }: BeforeAfter): string {
  const d = after - before;
  if (d === 0) return 'no change';
  return d > 0 ? `+${d}` : `−${-d}`;
}

function Delta({ change }: { change: BeforeAfter }) {
  const d = change.after - change.before;
  return (
    <span className={cn('text-sm font-semibold', d > 0 ? 'text-green-700' : d < 0 ? 'text-red-700' : 'text-slate-500')}>
      {changeText(change)}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-right text-slate-900">{children}</dd>
    </div>
  );
}

/** How the page changed, in the host's words, from the two reports' figures. */
function ListingChanges({ c }: { c: ComparisonData }) {
  const titleChanged = c.title_before !== c.title_after;
  const added = c.amenities_added ?? [];
  const removed = c.amenities_removed ?? [];
  return (
    <dl className="mt-4 text-sm" data-testid="comparison-listing">
      <Row label="Title">
        {titleChanged ? (
          <span>
            <span className="text-slate-500 line-through">{c.title_before}</span>
            <br />
            {c.title_after}
          </span>
        ) : (
          'unchanged'
        )}
      </Row>
      <Row label="Description">
        {c.description_edited
          ? `edited: ${c.description_words.before} → ${c.description_words.after} words`
          : `unchanged (${c.description_words.after} words)`}
      </Row>
      <Row label="Photos">
        {c.photos.before} → {c.photos.after} <Delta change={c.photos} />
      </Row>
      <Row label="Amenities">
        {added.length === 0 && removed.length === 0
          ? 'unchanged'
          : [
              added.length > 0 ? `added ${added.join(', ')}` : '',
              removed.length > 0 ? `no longer listed: ${removed.join(', ')}` : '',
            ]
              .filter(Boolean)
              .join('; ')}
      </Row>
    </dl>
  );
}

/**
 * A re-check's results open with what changed since the report it re-checks (issue 18): the score
 * before → after, each section's, what the new read shows of the listing, and each action of the
 * bought report marked done, partly done or not yet — from the two reports, not from what the host
 * says they did.
 */
export function Comparison({ result }: { result: OptimizationResult }) {
  const c = result.comparison;
  if (!c) return null;
  const since = c.before_generated_at ? formatDate(c.before_generated_at) : '';
  const actions = c.actions ?? [];
  const done = actions.filter((a) => a.progress === 'done').length;
  return (
    <section
      aria-labelledby="comparison-heading"
      className="mt-8 rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="comparison"
    >
      <h2 id="comparison-heading" className="text-lg font-semibold text-slate-900">
        What changed since your report{since && ` of ${since}`}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        We read your listing again. Everything below compares what this read shows with your first report.
      </p>
      {c.overall && (
        <p className="mt-4 flex flex-wrap items-baseline gap-3" data-testid="comparison-overall">
          <span className="text-sm font-semibold text-slate-500">{LISTING_SCORE_NAME}</span>
          <span className="text-2xl font-bold tracking-tight text-slate-900">
            {c.overall.before} → {c.overall.after}
          </span>
          <Delta change={c.overall} />
        </p>
      )}

      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Section scores</h3>
          <dl className="mt-2 text-sm" data-testid="comparison-sections">
            {(c.sections ?? []).filter(namesSection).map((s) => (
              <Row key={s.section} label={SECTION_NAMES[s.section]}>
                {s.before === null && s.after === null ? (
                  'not assessed'
                ) : (
                  <>
                    {s.before ?? '—'} → {s.after ?? '—'}{' '}
                    {s.before !== null && s.after !== null && <Delta change={{ before: s.before, after: s.after }} />}
                  </>
                )}
              </Row>
            ))}
          </dl>
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Your listing</h3>
          <ListingChanges c={c} />
        </div>
      </div>

      {actions.length > 0 && (
        <>
          <h3 className="mt-6 text-sm font-semibold text-slate-900">
            Your first report's actions: {done} of {actions.length} done
          </h3>
          <ol className="mt-2 space-y-3" data-testid="comparison-actions">
            {actions.map((a, i) => (
              <li key={i} className="flex gap-3 text-sm" data-progress={a.progress}>
                <span
                  className={cn(
                    'inline-flex h-fit shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
                    a.progress === '' ? 'bg-slate-100 text-slate-600 ring-slate-500/25' : PROGRESS_CLASSES[a.progress],
                  )}
                >
                  {a.progress || 'not assessed'}
                </span>
                <span className="text-slate-700">
                  {a.finding}
                  {a.action && <span className="block text-slate-900">{a.action}</span>}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
