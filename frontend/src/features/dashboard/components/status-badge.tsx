import { cn } from '@/lib/cn';
import { statusLabel, statusTone, type StatusTone } from '../status';

const toneClasses: Record<StatusTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  amber: 'bg-amber-100 text-amber-800 ring-amber-600/25',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

/** An optimization's status as a coloured pill (data-status and data-tone for tests and styling). */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const tone = statusTone(status);
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      data-tone={tone}
      className={cn(
        `status-${tone}`,
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        toneClasses[tone],
      )}
    >
      <span className="h-1.5 w-1.5 rounded-full bg-current" aria-hidden="true" />
      {label ?? statusLabel(status)}
    </span>
  );
}
