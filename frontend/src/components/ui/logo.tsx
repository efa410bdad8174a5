import { cn } from '@/lib/cn';

/** The ListingLift mark: a rising line in a rounded square. Decorative; pair it with the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('h-8 w-8', className)}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M9 21l5-5 3.5 3.5L23 13M18.5 13H23v4.5"
        fill="none"
        stroke="white"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
