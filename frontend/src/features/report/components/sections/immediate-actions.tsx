import { type ReactNode } from 'react';
import { Icon, type IconName } from '@/components/ui/icon';
import { isPremium, priorityOf, taskOrder, titleLimitNote, TOP_TITLES, titleOptions, writerNotes, writtenBy } from '../../results';
import { type Finding, type OptimizationResult, type PriorityKey } from '@/lib/report/read';
import { ActionItem, Explanation, ResultSection, TextList, TitleLine } from '../results-parts';
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
  const premium = isPremium(result);
  // Who wrote the suggestions, as the PDF and the e-mail say it; none for a report stored before labels.
  const writer = titles.optimized || titles.additional.length > 0 ? writtenBy(result, 'title_suggestions') : null;
  // SPEC §5: the Premium report notes a title over the limit — the listing's own site's limit
  // (the server writes the current title's note; the suggestions' is worded the same way).
  const overNote = premium && limit !== null ? `Note: ${titleLimitNote(result.platform, limit)}.` : undefined;
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
      {titles.additional.length > 0 && (
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Additional options</p>
          <ul className="mt-1 space-y-2" data-testid="title-additional">
            {titleItems(titles.additional)}
          </ul>
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

interface ImmediateAction {
  priority: PriorityKey;
  testId: string;
  title: string;
  icon: IconName;
  body: (result: OptimizationResult) => ReactNode;
  /** The findings the body lists with what to do: a reason that is one of them is not said twice. */
  findings?: (result: OptimizationResult) => Finding[] | undefined;
}

/** SPEC §2 "Top 5 Immediate Actions", each with its priority key and its part of the report; shown in the report's task_order. */
const IMMEDIATE_ACTIONS: readonly ImmediateAction[] = [
  {
    priority: 'title_priority',
    testId: 'action-title',
    title: 'Title Enhancement',
    icon: 'title',
    body: (result) => (
      <>
        <TitleEnhancement result={result} />
        <Explanation text={result.explanations?.title_suggestions} />
      </>
    ),
  },
  {
    priority: 'pricing_priority',
    testId: 'action-pricing',
    title: 'Dynamic Pricing Strategy',
    icon: 'pricing',
    body: ({ pricing_analysis: pricing }) => <Advice explanation={pricing.explanation} items={pricing.advice ?? undefined} />,
  },
  {
    priority: 'photo_priority',
    testId: 'action-photo',
    title: 'Photography Upgrade',
    icon: 'photo',
    body: ({ photo_audit: photos }) => (
      <>
        <Advice explanation={photos.explanation} items={undefined} />
        <FindingList findings={photos.findings ?? undefined} />
      </>
    ),
    findings: ({ photo_audit: photos }) => photos.findings ?? undefined,
  },
  {
    priority: 'experience_priority',
    testId: 'action-experience',
    title: 'Guest Experience',
    icon: 'guests',
    body: (result) => <GuestExperience result={result} />,
  },
  {
    priority: 'booking_priority',
    testId: 'action-booking',
    title: 'Booking Gap Analysis',
    icon: 'calendar',
    body: ({ booking_gap_analysis: gaps }) => <Advice explanation={gaps.explanation} items={gaps.recommendations ?? undefined} />,
  },
];

export function ImmediateActions({ result }: { result: OptimizationResult }) {
  const reasons = result.task_priorities.reasons ?? {};
  return (
    <ResultSection id="immediate-actions" title="Top 5 Immediate Actions" icon="checkCircle" className="mt-8">
      <ol className="space-y-4">
        {taskOrder(result).flatMap((key) => IMMEDIATE_ACTIONS.filter((a) => a.priority === key)).map((action, index) => {
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
