import { attributions } from '../../results';
import { type OptimizationResult } from '@/lib/report/read';

export function DataSources({ result }: { result: OptimizationResult }) {
  const sources = result.data_sources ?? [];
  const credits = attributions(result);
  const warnings = result.warnings ?? [];
  if (!sources.length && !credits.length && !warnings.length) return null;
  return (
    <section aria-labelledby="data-sources-title" className="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-600" data-testid="data-sources">
      <h2 id="data-sources-title" className="font-semibold text-slate-900">
        Data sources
      </h2>
      {sources.length > 0 && (
        <ul className="mt-2 space-y-1">
          {sources.map((source, index) => (
            <li key={`${index}:${source.name}`} className="break-words">
              <span className="font-medium text-slate-800">{source.name}</span>
              {source.detail && <span>: {source.detail}</span>}
            </li>
          ))}
        </ul>
      )}
      {credits.map((credit) => (
        <p key={credit} className="mt-2" data-testid="attribution">
          {credit}
        </p>
      ))}
      {warnings.length > 0 && (
        <details className="mt-3 [&_summary]:list-none">
          <summary className="inline-flex rounded font-medium text-brand-700 hover:underline">
            What we could not read ({warnings.length})
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
