import { type OptimizationResult } from '@/lib/report/read';
import { DO_FIRST, NO_ACTIONS, RankedActionBody, rankedActions } from './ranked-action';

/**
 * The report's first actions, in the report's one order (the first DO_FIRST of report.actions,
 * which are also the first rows of "Top 5 Immediate Actions", the PDF's and the e-mail's):
 * what was found, what to do, the expected effect.
 */
export function DoFirst({ result }: { result: OptimizationResult }) {
  if (result.actions === null) return null;
  const actions = rankedActions(result, DO_FIRST);
  return (
    <section aria-labelledby="do-first-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="do-first">
      <h2 id="do-first-heading" className="text-lg font-semibold text-slate-900">
        Do these first
      </h2>
      {actions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{NO_ACTIONS}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {actions.map((action, index) => (
            <li key={`${index}:${action.finding}`} className="flex gap-3" data-testid="do-first-action">
              <span
                className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <RankedActionBody action={action} platform={result.platform} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
