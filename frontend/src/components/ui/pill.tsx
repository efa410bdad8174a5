import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * The colours a pill takes; each screen maps its own values (priority, order status) onto them.
 * `brand` is the solid one that flags a plan ("Best value").
 */
export type PillTone = 'red' | 'yellow' | 'amber' | 'green' | 'grey' | 'brand';

const toneClasses: Record<PillTone, string> = {
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-600/25',
  amber: 'bg-amber-100 text-amber-800 ring-amber-600/25',
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/25',
  brand: 'bg-brand-600 tracking-wide text-white uppercase ring-brand-700/30',
};

/** A small rounded label in one of the tones: the one badge shape of the report, the dashboard and the plan cards. */
export function Pill({ tone, className, children, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone: PillTone }) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        toneClasses[tone],
        className,
      )}
      {...rest}
    >
      {children}
    </span>
  );
}
