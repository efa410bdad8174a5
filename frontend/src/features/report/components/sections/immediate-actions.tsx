import { type ReactNode } from 'react';
import { Icon, type IconName } from '@/components/ui/icon';
import { includes, NOT_ASSESSED, priorityOf, taskOrder, titleLimitNote, TOP_TITLES, titleOptions, writerNotes, writtenBy } from '../../results';
import { type Finding, type OptimizationResult, type PriorityKey } from '@/lib/report/read';
import { ActionItem, Explanation, ResultSection, TextList, TitleLine } from '../results-parts';
import { NO_ACTIONS, RankedActionBody, rankedActions, TOP_ACTIONS } from './ranked-action';
import { Why } from './why';

/** The findings that say what to do, each with its "Why?" (the photo audit's advice). */
function FindingList({ findings }: { findings: Finding[] | undefined }) {
  const items = (findings ?? []).filter((f) => f.action?.trim());
  if (items.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" data-testid="finding-list">
      {items.map((f, index) => (
        <li key={`${index}:${f.message}`} className="flex gap-2 text-sm leading-6 text-slate-700">
          <Icon name="arrowRight" className="mt-1 h-4 w-4 shrink-0 text-brand-600" />
          <div className="min-w-0 break-words">
            <p>{f.message}</p>
            <p className="font-medium text-slate-900">{f.action}</p>
            <Why evidence={f.evidence} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function TitleEnhancement({ result }: { result: OptimizationResult }) {
  const titles = titleOptions(result);
  const analysis = result.title_analysis;
  // The listing's site's limit (Airbnb 50, Vrbo 80); 0: the site publishes none.
  const limit = analysis.limit === 0 ? null : analysis.limit;
  const limitNote = includes(result, 'titleLimitNote');
  // Who wrote the suggestions, as the PDF and the e-mail say it; none for a report stored before labels.
  const writer = titles.optimized || titles.additional.length > 0 ? writtenBy(result, 'title_suggestions') : null;
  // SPEC §5: the Premium report notes a title over the limit — the listing's own site's limit
  // (the server writes the current title's note; the suggestions' is worded the same way).
  const overNote = limitNote && limit !== null ? `Note: ${titleLimitNote(result.platform, limit)}.` : undefined;
  const titleItems = (list: readonly string[]) =>
    list.map((title) => (
      <li key={title}>
        <TitleLine text={title} limit={limit} note={overNote} copy />
      </li>
    ));
  return (
    <div className="space-y-4">
      {titles.current && (
        <div data-testid="title-current">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Current title</p>
          <TitleLine text={titles.current} length={analysis.length} limit={limit} note={analysis.limit_note ?? overNote} />
        </div>
      )}
      {writerNotes(result).titles.map((note) => (
        <p key={note} className="text-sm text-slate-600" data-testid="title-note">
          {note}
        </p>
      ))}
      {titles.optimized && (
        <div data-testid="title-optimized" className="rounded-lg border border-green-200 bg-green-50 p-3">
          <p className="text-xs font-semibold tracking-wide text-green-800 uppercase">Optimized title</p>
          <TitleLine text={titles.optimized} limit={limit} note={overNote} emphasis copy />
        </div>
      )}
      {titles.optimized && titles.additional.length > 0 && (
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Additional options</p>
          <ul className="mt-1 space-y-2" data-testid="title-additional">
            {titleItems(titles.additional)}
          </ul>
        </div>
      )}
      {!titles.optimized && titles.additional.length > 0 && (
        // A title with nothing to fix is offered no "optimized title" (analysis.OffersOptimizedTitle):
        // the suggestions are alternatives, said in the server's words.
        <div data-testid="title-alternatives">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Other ways to word your title</p>
          {titles.note && <p className="mt-1 text-sm text-slate-600">{titles.note}</p>}
          <ul className="mt-1 space-y-2">{titleItems(titles.additional)}</ul>
        </div>
      )}
      {titles.all.length > TOP_TITLES && (
        <details className="group [&_summary]:list-none" data-testid="title-all">
          <summary className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline">
            Show all {titles.all.length} title suggestions
            <Icon name="chevron" className="h-4 w-4 transition-transform group-open:rotate-180" />
          </summary>
          <ol className="mt-2 list-decimal space-y-2 pl-5">{titleItems(titles.all)}</ol>
        </details>
      )}
      {writer && (
        <p className="text-xs text-slate-600" data-testid="title-writer">
          {writer}
        </p>
      )}
    </div>
  );
}

function GuestExperience({ result }: { result: OptimizationResult }) {
  const profile = result.guest_profile_analysis;
  const likely = (profile.segments ?? []).filter((s) => s.likely);
  const praised = result.review_analysis.praised ?? [];
  const complaints = result.review_analysis.complaints ?? [];
  return (
    <>
      {likely.length > 0 && (
        <ul className="mt-1 space-y-1" data-testid="guest-segments">
          {likely.map((segment) => (
            <li key={segment.name}>
              <span className="font-semibold text-slate-800">{segment.name}</span>
              {segment.evidence?.length ? <span>: {segment.evidence.join(', ')}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {praised.length > 0 && <p className="mt-2">Guests praise: {praised.join(', ')}.</p>}
      {complaints.length > 0 && <p className="mt-1">Recurring complaints: {complaints.join(', ')}.</p>}
      <Explanation text={profile.explanation} />
    </>
  );
}

/** An action's advice: the report's explanation and its list of steps. */
function Advice({ explanation, items }: { explanation: string | undefined; items: readonly string[] | undefined }) {
  return (
    <>
      {explanation && <p>{explanation}</p>}
      <TextList items={items} />
    </>
  );
}

interface AreaBlock {
  priority: PriorityKey;
  testId: string;
  title: string;
  icon: IconName;
  body: (result: OptimizationResult) => ReactNode;
  /** Whether the body has anything to show for this report (an area not assessed shows why instead). */
  has: (result: OptimizationResult) => boolean;
  /** The findings the body lists with what to do: a reason that is one of them is not said twice. */
  findings?: (result: OptimizationResult) => Finding[] | undefined;
  /** The body under "Details by area", when it differs from `body` (what the Top 5 rows show is left out). */
  details?: (result: OptimizationResult) => ReactNode;
}

const some = (...parts: (readonly unknown[] | string | null | undefined)[]) => parts.some((p) => (typeof p === 'string' ? p.trim() !== '' : (p?.length ?? 0) > 0));

/**
 * SPEC §2's five areas, each with its priority key (task_priorities) and its part of the report.
 * Today's reports show them as "Details by area", below the ranked "Top 5 Immediate Actions";
 * a report stored before the ranked list shows them as its Top 5, as it was made.
 */
const AREA_BLOCKS: readonly AreaBlock[] = [
  {
    priority: 'title_priority',
    testId: 'area-title',
    title: 'Title Enhancement',
    icon: 'title',
    body: (result) => (
      <>
        <TitleEnhancement result={result} />
        <Explanation text={result.explanations?.title_suggestions} />
      </>
    ),
    has: (result) => {
      const titles = titleOptions(result);
      return some(titles.current, titles.all);
    },
  },
  {
    priority: 'pricing_priority',
    testId: 'area-pricing',
    title: 'Dynamic Pricing Strategy',
    icon: 'pricing',
    body: ({ pricing_analysis: pricing }) => <Advice explanation={pricing.explanation} items={pricing.advice ?? undefined} />,
    has: ({ pricing_analysis: pricing }) => some(pricing.explanation, pricing.advice),
  },
  {
    priority: 'photo_priority',
    testId: 'area-photo',
    title: 'Photography Upgrade',
    icon: 'photo',
    body: ({ photo_audit: photos }) => (
      <>
        <Advice explanation={photos.explanation} items={undefined} />
        <FindingList findings={photos.findings ?? undefined} />
      </>
    ),
    has: ({ photo_audit: photos }) => some(photos.explanation, (photos.findings ?? []).filter((f) => f.action?.trim())),
    // In the details, the photo audit's advice that a Top 5 row already shows is not said twice.
    details: (result) => {
      const shown = new Set(rankedActions(result, TOP_ACTIONS).map((a) => a.finding));
      const findings = (result.photo_audit.findings ?? []).filter((f) => !shown.has(f.message));
      return (
        <>
          <Advice explanation={result.photo_audit.explanation} items={undefined} />
          <FindingList findings={findings} />
        </>
      );
    },
    findings: ({ photo_audit: photos }) => photos.findings ?? undefined,
  },
  {
    priority: 'experience_priority',
    testId: 'area-experience',
    title: 'Guest Experience',
    icon: 'guests',
    body: (result) => <GuestExperience result={result} />,
    has: ({ guest_profile_analysis: profile, review_analysis: reviews }) =>
      some((profile.segments ?? []).filter((s) => s.likely), reviews.praised, reviews.complaints, profile.explanation),
  },
  {
    priority: 'booking_priority',
    testId: 'area-booking',
    title: 'Booking Gap Analysis',
    icon: 'calendar',
    body: ({ booking_gap_analysis: gaps }) => <Advice explanation={gaps.explanation} items={gaps.recommendations ?? undefined} />,
    has: ({ booking_gap_analysis: gaps }) => some(gaps.explanation, gaps.recommendations),
  },
];

/** The icon of each action's area (the areas' own sections use the same). */
const AREA_ICONS: Readonly<Record<string, IconName>> = {
  title: 'title',
  description: 'description',
  amenities: 'amenities',
  pricing: 'pricing',
  photos: 'photo',
  reviews: 'guests',
  booking: 'calendar',
};

/** Whether the title's own block (current title → optimized title and options) is shown with a Top 5 title action. */
function titleInTopActions(result: OptimizationResult): boolean {
  return rankedActions(result, TOP_ACTIONS).some((a) => a.area === 'title');
}

/**
 * SPEC §2 "Top 5 Immediate Actions": the first TOP_ACTIONS of the report's one ranked list
 * (report.actions; its first three are "Do these first"), each with its priority badge, area,
 * finding, what to do, effect and "Why?". Fewer actions, fewer rows; none, one sentence. The
 * first title action carries the title's own block: current title → optimized title and options.
 */
export function ImmediateActions({ result }: { result: OptimizationResult }) {
  if (result.actions === null) return <AreasAsTopActions result={result} />;
  const actions = rankedActions(result, TOP_ACTIONS);
  const titleAt = actions.findIndex((a) => a.area === 'title');
  return (
    <ResultSection id="immediate-actions" title="Top 5 Immediate Actions" icon="checkCircle" className="mt-8">
      {actions.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="no-actions">
          {NO_ACTIONS}
        </p>
      ) : (
        <ol className="space-y-4">
          {actions.map((action, index) => (
            <li key={`${index}:${action.finding}`} data-testid="top-action" data-area={action.area} className="rounded-xl border border-slate-200 p-4 sm:p-5">
              <div className="flex gap-3">
                <span
                  className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <Icon name={AREA_ICONS[action.area] ?? 'checkCircle'} className="mt-1 hidden h-5 w-5 shrink-0 text-slate-500 sm:block" />
                <RankedActionBody action={action} platform={result.platform} />
              </div>
              {index === titleAt && (
                <div className="mt-4 border-t border-slate-100 pt-4 text-sm leading-6 text-slate-600">
                  {AREA_BLOCKS[0]?.body(result)}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </ResultSection>
  );
}

/**
 * The detail of SPEC's five areas that is not itself an action (pricing advice, the photo audit,
 * the guests, the booking gaps, and the title's block when no Top 5 action carries it), in the
 * report's task order, each with its area's priority; an area not assessed says why. An area with
 * nothing to show is left out, never filled.
 */
export function AreaDetails({ result }: { result: OptimizationResult }) {
  if (result.actions === null) return null; // its Top 5 shows these areas
  const reasons = result.task_priorities.reasons ?? {};
  const blocks = taskOrder(result)
    .flatMap((key) => AREA_BLOCKS.filter((a) => a.priority === key))
    .filter((block) => !(block.priority === 'title_priority' && titleInTopActions(result)))
    .filter((block) => priorityOf(result, block.priority) === NOT_ASSESSED || block.has(result));
  if (blocks.length === 0) return null;
  return (
    <ResultSection id="area-details" title="Details by area" icon="chart" className="mt-8">
      <ul className="space-y-4">
        {blocks.map((block) => {
          const priority = priorityOf(result, block.priority);
          const notAssessed = priority === NOT_ASSESSED;
          return (
            <ActionItem
              key={block.testId}
              testId={block.testId}
              title={block.title}
              icon={block.icon}
              priority={priority}
              reason={notAssessed ? reasons[block.priority] : undefined}
            >
              {block.has(result) && (block.details ?? block.body)(result)}
            </ActionItem>
          );
        })}
      </ul>
    </ResultSection>
  );
}

/** A report stored before the ranked action list: its five areas as its Top 5, in the order and with the priorities it was given. */
function AreasAsTopActions({ result }: { result: OptimizationResult }) {
  const reasons = result.task_priorities.reasons ?? {};
  return (
    <ResultSection id="immediate-actions" title="Top 5 Immediate Actions" icon="checkCircle" className="mt-8">
      <ol className="space-y-4">
        {taskOrder(result).flatMap((key) => AREA_BLOCKS.filter((a) => a.priority === key)).map((action, index) => {
          const reason = reasons[action.priority];
          const listed = action.findings?.(result)?.some((f) => f.action?.trim() && f.message === reason) ?? false;
          return (
          <ActionItem
            key={action.testId}
            number={index + 1}
            testId={action.testId}
            title={action.title}
            icon={action.icon}
            priority={priorityOf(result, action.priority)}
            reason={listed ? undefined : reason}
          >
            {action.body(result)}
          </ActionItem>
          );
        })}
      </ol>
    </ResultSection>
  );
}
