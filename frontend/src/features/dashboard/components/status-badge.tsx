import { Pill } from '@/components/ui/pill';
import { statusLabel, statusTone } from '../status';

/** An optimization's status as a coloured pill (data-status and data-tone for tests and styling). */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const tone = statusTone(status);
  return (
    <Pill tone={tone} data-testid="status-badge" data-status={status} className={`status-${tone} gap-1.5`}>
      <span className="h-1.5 w-1.5 rounded-full bg-current" aria-hidden="true" />
      {label ?? statusLabel(status)}
    </Pill>
  );
}
