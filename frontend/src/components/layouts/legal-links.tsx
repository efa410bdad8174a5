import { Link } from '@/lib/router';
import { cn } from '@/lib/cn';
import { LEGAL_PAGES } from '@/lib/legal-pages';

/** Terms · Privacy · Refund policy, for every footer. */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <nav aria-label="Legal" className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1">
        {LEGAL_PAGES.map((page) => (
          <li key={page.path}>
            <Link to={page.path} className={cn('inline-block rounded py-1 text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline')}>
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
