import { cn } from '@/lib/cn';

/** The spinning ring alone, hidden from screen readers: the caller says what is loading. */
export function SpinnerRing() {
  return <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" aria-hidden="true" />;
}

/** A spinning ring with a screen-reader label, in a polite live region. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex flex-col items-center justify-center gap-3', className)}>
      <SpinnerRing />
      <span className="text-sm text-slate-500">{label}</span>
    </div>
  );
}
