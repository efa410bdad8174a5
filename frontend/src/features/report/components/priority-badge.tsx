import { Pill } from '@/components/ui/pill';
import { priorityTone } from '../results';

/**
 * A task priority as a pill (SPEC §2): HIGH red, MEDIUM yellow, anything else green; NOT ASSESSED grey.
 * None for '' (an action of a report stored before actions had a priority): never a made-up one.
 */
export function PriorityBadge({ priority }: { priority: string }) {
  if (priority === '') return null;
  return (
    <Pill tone={priorityTone(priority)} data-testid="priority-badge" data-priority={priority} className="shrink-0 tracking-wide">
      <span className="sr-only">Priority: </span>
      {priority}
    </Pill>
  );
}
