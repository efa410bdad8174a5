import { cn } from '@/lib/cn';
import { priorityTone, type PriorityTone } from '../results';

const toneClasses: Record<PriorityTone, string> = {
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-600/25',
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/25',
};

/** A task priority as a pill (SPEC §2): HIGH red, MEDIUM yellow, anything else green; NOT ASSESSED grey. */
export function PriorityBadge({ priority }: { priority: string }) {
  const tone = priorityTone(priority);
  return (
    <span
      data-testid="priority-badge"
      data-priority={priority}
      data-tone={tone}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide whitespace-nowrap ring-1 ring-inset',
        toneClasses[tone],
      )}
    >
      <span className="sr-only">Priority: </span>
      {priority}
    </span>
  );
}
