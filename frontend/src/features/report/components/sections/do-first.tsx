import { type OptimizationResult } from '@/lib/report/read';
import { PriorityBadge } from '../priority-badge';
import { Why } from './why';

/** How the report names each action's area. */
const AREA_NAMES: Readonly<Record<string, string>> = {
  title: 'Title',
  description: 'Description',
  amenities: 'Amenities',
  pricing: 'Pricing',
  photos: 'Photos',
  reviews: 'Reviews',
  booking: 'Booking gaps',
};

/** An action's area as the report names it; the title as the listing's site calls it. */
function areaName(area: string | undefined, platform: string | undefined): string {
  if (area === 'title') return TITLE_WORDS[platform ?? ''] ?? 'Title';
  return AREA_NAMES[area ?? ''] ?? area ?? '';
}

/** What each site calls a listing's title (analysis.Platforms). */
const TITLE_WORDS: Readonly<Record<string, string>> = { airbnb: 'Title', vrbo: 'Headline', booking: 'Property name' };

/** How many of the ranked actions lead the results (the PDF's cover and the e-mail show as many). */
export const DO_FIRST = 3;

/** The report's first actions, in the report's one order: what was found, what to do, the expected effect. */
export function DoFirst({ result }: { result: OptimizationResult }) {
  const actions = (result.actions ?? []).slice(0, DO_FIRST);
  if (result.actions === null) return null;
  return (
    <section aria-labelledby="do-first-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="do-first">
      <h2 id="do-first-heading" className="text-lg font-semibold text-slate-900">
        Do these first
      </h2>
      {actions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing urgent: no problems were found that need action.</p>
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
              <div className="min-w-0 text-sm leading-6">
                <p className="flex flex-wrap items-center gap-2">
                  <PriorityBadge priority={action.priority} />
                  <span className="font-semibold text-slate-900">{areaName(action.area, result.platform)}</span>
                </p>
                <p className="mt-1 text-slate-700">{action.finding}</p>
                {action.action && (
                  <p className="font-medium text-slate-900">
                    <span className="text-brand-700">What to do:</span> {action.action}
                  </p>
                )}
                {action.effect && (
                  <p className="text-xs text-slate-600">
                    Expected effect: +{action.effect.low}–{action.effect.high}% revenue (an estimate)
                  </p>
                )}
                <Why evidence={action.evidence} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
