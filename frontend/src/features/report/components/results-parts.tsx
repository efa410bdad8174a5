/** Building blocks of the results screen. Every text from the report is rendered as text (never HTML). */
import { type ReactNode } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { Icon, type IconName } from '@/components/ui/icon';
import { cn } from '@/lib/cn';
import { charCount, scoreTone, TITLE_LIMIT, type ScoreTone } from '../results';
import { PriorityBadge } from './priority-badge';

export function ResultSection({
  id,
  title,
  icon,
  badge,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: IconName;
  badge?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={id}
      className={cn('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7', className)}
    >
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600" aria-hidden="true">
          <Icon name={icon} className="h-5 w-5" />
        </span>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 sm:text-xl">
          {title}
        </h2>
        {badge}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** "How this was measured": the report's plain-language explanation of a figure, folded away. */
export function Explanation({ text, label = 'How this was measured' }: { text: string | undefined; label?: string }) {
  if (!text?.trim()) return null;
  return (
    <details className="group mt-3 text-sm [&_summary]:list-none">
      <summary className="inline-flex min-h-6 items-center gap-1 rounded py-1 font-medium text-brand-700 hover:underline">
        {label}
        <Icon name="chevron" className="h-4 w-4 transition-transform group-open:rotate-180" />
      </summary>
      <p className="mt-2 leading-6 text-pretty text-slate-600">{text}</p>
    </details>
  );
}

/** A plain bulleted list of report sentences; nothing when empty. */
export function TextList({ items, testId }: { items: readonly string[] | undefined; testId?: string }) {
  if (!items?.length) return null;
  return (
    <ul className="mt-3 space-y-2" data-testid={testId}>
      {items.map((item, index) => (
        <li key={`${index}:${item}`} className="flex gap-2 text-sm leading-6 text-slate-700">
          <Icon name="arrowRight" className="mt-1 h-4 w-4 text-brand-600" />
          <span className="min-w-0 break-words">{item}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * One area of the report with its priority badge and, when given, why it got it: the areas'
 * details, and the Top 5 of a report stored before the ranked list (numbered).
 */
export function ActionItem({
  number,
  title,
  icon,
  priority,
  reason,
  testId,
  children,
}: {
  number?: number;
  title: string;
  icon: IconName;
  priority: string;
  reason: string | undefined;
  testId: string;
  children: ReactNode;
}) {
  return (
    <li data-testid={testId} className="rounded-xl border border-slate-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {number !== undefined && (
          <span
            className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
            aria-hidden="true"
          >
            {number}
          </span>
        )}
        <Icon name={icon} className="h-5 w-5 text-slate-500" />
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        <PriorityBadge priority={priority} />
      </div>
      {reason?.trim() && <p className="mt-3 text-sm font-medium text-slate-800">{reason}</p>}
      <div className="mt-2 text-sm leading-6 text-slate-600">{children}</div>
    </li>
  );
}

/**
 * A title with its length: "41/50 characters" ("41 characters" when the listing's site sets no
 * limit: `limit` null). Over the limit the count turns amber and, when given, `note` says so (the
 * Premium report's SPEC §5 note).
 */
export function TitleLine({
  text,
  length = charCount(text),
  limit = TITLE_LIMIT,
  note,
  emphasis = false,
  copy = false,
}: {
  text: string;
  length?: number;
  limit?: number | null;
  note?: string | undefined;
  emphasis?: boolean;
  /** Offer a copy button (suggestions; not the host's current title). */
  copy?: boolean;
}) {
  const over = limit !== null && length > limit;
  return (
    <div>
      <div className="flex items-start justify-between gap-3">
        <p className={cn('min-w-0 break-words', emphasis ? 'text-base font-semibold text-slate-900' : 'text-sm text-slate-800')}>{text}</p>
        {copy && <CopyButton text={text} label={`Copy title: ${text}`} />}
      </div>
      <p className={cn('mt-0.5 text-xs', over ? 'font-medium text-amber-700' : 'text-slate-500')} data-testid="title-length">
        {limit === null ? `${length} characters` : `${length}/${limit} characters`}
        {over && note && <span className="block">{note}</span>}
      </p>
    </div>
  );
}

const BAR_CLASSES: Record<ScoreTone, string> = { green: 'bg-green-500', amber: 'bg-amber-500', red: 'bg-red-500' };

/** A 0–100 score with a bar coloured by its band. */
export function ScoreBar({ label, value, notAssessed }: { label: string; value: number | undefined; notAssessed?: string }) {
  const shown = value === undefined || notAssessed ? null : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div data-testid="score-bar">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className={cn('font-semibold', notAssessed ? 'text-slate-500' : 'text-slate-900')}>
          {notAssessed ? 'Not assessed' : shown === null ? '—' : `${shown}/100`}
        </span>
      </div>
      {notAssessed && <p className="mt-1 text-xs text-slate-500">{notAssessed}</p>}
      <div className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div
          className={cn('h-full rounded-full', shown === null ? '' : BAR_CLASSES[scoreTone(shown)])}
          style={{ width: `${shown ?? 0}%` }}
        />
      </div>
    </div>
  );
}

/**
 * A table too wide for a phone, scrolled sideways: focusable and named, so a keyboard user
 * can reach and scroll it (WCAG 2.1.1; axe "scrollable-region-focusable").
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mt-2 overflow-x-auto rounded focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
