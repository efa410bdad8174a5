import { Link } from '@/lib/router';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/cn';
import { pageItems } from '../pagination';

const base =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-semibold transition-colors';
const idle = 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50';
const current = 'border-brand-600 bg-brand-600 text-white';
const disabled = 'cursor-not-allowed border-slate-200 bg-white text-slate-400';

const pageHref = (page: number) => `?page=${page}`;

/** Previous, numbered pages and Next (SPEC §2). Each is a link, so the page is in the URL. */
export function PaginationNav({ page, count }: { page: number; count: number }) {
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1.5">
      {page > 1 ? (
        <Link to={pageHref(page - 1)} rel="prev" className={cn(base, idle)}>
          <Icon name="chevronLeft" className="h-4 w-4" />
          <span className="max-sm:sr-only">Previous</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(base, disabled)}>
          <Icon name="chevronLeft" className="h-4 w-4" />
          <span className="max-sm:sr-only">Previous</span>
        </span>
      )}
      {pageItems(page, count).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="px-1 text-slate-400" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={item}
            to={pageHref(item)}
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            className={cn(base, 'px-2', item === page ? current : idle)}
          >
            {item}
          </Link>
        ),
      )}
      {page < count ? (
        <Link to={pageHref(page + 1)} rel="next" className={cn(base, idle)}>
          <span className="max-sm:sr-only">Next</span>
          <Icon name="chevronRight" className="h-4 w-4" />
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(base, disabled)}>
          <span className="max-sm:sr-only">Next</span>
          <Icon name="chevronRight" className="h-4 w-4" />
        </span>
      )}
    </nav>
  );
}
