import { type OptimizationResult, type Recommendation } from '@/lib/report/read';
import { PriorityBadge } from '../priority-badge';
import { Why } from './why';

/**
 * The report's one ranked action list (report.actions, ranked once by the server:
 * analysis.RankActions) is shown the same everywhere: "Do these first" is its first
 * DO_FIRST, "Top 5 Immediate Actions" its first TOP_ACTIONS (so the same first three), as
 * in the PDF and the e-mail (backend report.Result.DoFirst / TopActions). Fewer actions, fewer
 * rows: no slot is filled with an area that has nothing to do.
 */
export const DO_FIRST = 3;
export const TOP_ACTIONS = 5;

/** What both lists say when the report has no action (the e-mail's and the PDF's words too). */
export const NO_ACTIONS = 'Nothing urgent: no problems were found that need action.';

/** The first `count` actions of the report's ranked list; [] for a report with none, or stored before it had one. */
export function rankedActions(result: Pick<OptimizationResult, 'actions'>, count: number): Recommendation[] {
  return (result.actions ?? []).slice(0, count);
}

/** How the report names each action's area (backend report.areaNames). */
const AREA_NAMES: Readonly<Record<string, string>> = {
  title: 'Title',
  description: 'Description',
  amenities: 'Amenities',
  pricing: 'Pricing',
  photos: 'Photos',
  reviews: 'Reviews',
  booking: 'Booking gaps',
};

/** What each site calls a listing's title (analysis.Platforms). */
const TITLE_WORDS: Readonly<Record<string, string>> = { airbnb: 'Title', vrbo: 'Headline', booking: 'Property name' };

/** An action's area as the report names it; the title as the listing's site calls it. */
export function areaName(area: string | undefined, platform: string | undefined): string {
  if (area === 'title') return TITLE_WORDS[platform ?? ''] ?? 'Title';
  return AREA_NAMES[area ?? ''] ?? area ?? '';
}

/**
 * An action's revenue effect in the server's words (analysis.EffectText: this listing's estimate
 * only when the revenue card has a money figure, otherwise the studies' figure, not the
 * listing's; the server words a report stored before them the same way). null: no effect, or
 * no words to say it with — never a wording of the screen's own.
 */
export function effectText(effect: Recommendation['effect']): string | null {
  const text = effect?.text.trim() ?? '';
  return text === '' ? null : text;
}

/** One ranked action's content: its priority and area, what was found, what to do, its effect and "Why?". */
export function RankedActionBody({ action, platform }: { action: Recommendation; platform: string | undefined }) {
  const effect = effectText(action.effect);
  return (
    <div className="min-w-0 text-sm leading-6">
      <p className="flex flex-wrap items-center gap-2">
        <PriorityBadge priority={action.priority} />
        <span className="font-semibold text-slate-900" data-testid="action-area">
          {areaName(action.area, platform)}
        </span>
      </p>
      <p className="mt-1 text-slate-700">{action.finding}</p>
      {action.action && (
        <p className="font-medium text-slate-900">
          <span className="text-brand-700">What to do:</span> {action.action}
        </p>
      )}
      {effect && (
        <p className="text-xs text-slate-600" data-testid="action-effect">
          {effect}
        </p>
      )}
      <Why evidence={action.evidence} />
    </div>
  );
}
