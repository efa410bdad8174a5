import { cn } from '@/lib/cn';

/** A spinning ring with a screen-reader label, in a polite live region. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex flex-col items-center justify-center gap-3', className)}>
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" aria-hidden="true" />
      <span className="text-sm text-slate-500">{label}</span>
    </div>
  );
}
