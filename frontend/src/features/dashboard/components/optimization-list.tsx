import { Link } from '@/lib/router';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { NOT_CHARGED_LABEL } from '@/lib/orders/money';
import { formatDate } from '@/lib/format';
import { PLANS, formatCharge, hasFullAnalysis, isPlanId } from '@/lib/plans';
import { type OptimizationSummary } from '@/types/api';
import { RowActions } from './row-actions';
import { StatusBadge } from './status-badge';

/** Where a row leads: its report on the results page (SPEC §2 /payment-success). */
export function reportHref(item: Pick<OptimizationSummary, 'id' | 'stripeSessionId'>): string {
  return `/payment-success?session_id=${encodeURIComponent(item.stripeSessionId || item.id)}`;
}

/** A listing's address as a row shows it: "airbnb.com/rooms/48123456". */
export function listingAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname.replace(/^www\./, '')}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}

function PlanBadge({ plan }: { plan: string }) {
  return (
    <span
      className={
        hasFullAnalysis(plan)
          ? 'inline-flex rounded-md bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-600/20 ring-inset'
          : 'inline-flex rounded-md bg-slate-50 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-500/20 ring-inset'
      }
    >
      {isPlanId(plan) ? PLANS[plan].name : plan}
    </span>
  );
}

const columns = 'md:grid md:grid-cols-[minmax(0,1fr)_6.5rem_5.5rem_8rem_10.5rem_1.25rem] md:items-center md:gap-4';

/** The optimization rows; each opens its report. `onRemoved` (and a finished upgrade) reload the list. */
export function OptimizationList({ items, onRemoved = () => undefined }: { items: OptimizationSummary[]; onRemoved?: () => void }) {
  return (
    <div>
      <div
        aria-hidden="true"
        className={`hidden border-b border-slate-200 bg-slate-50 px-5 py-2.5 text-xs font-semibold tracking-wide text-slate-500 uppercase ${columns}`}
      >
        <span>Listing</span>
        <span>Plan</span>
        <span>Amount</span>
        <span>Status</span>
        <span>Created</span>
        <span />
      </div>
      <ul className="divide-y divide-slate-200" data-testid="optimization-list">
        {items.map((item) => (
          <li
            key={item.id}
            data-testid="optimization-row"
            className={`relative px-5 py-4 transition-colors hover:bg-slate-50 has-[a:focus-visible]:bg-brand-50/60 ${columns}`}
          >
            <div className="min-w-0">
              <Link
                to={reportHref(item)}
                className="block truncate font-semibold text-slate-900 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
              >
                {item.listingTitle.trim() || 'Untitled listing'}
              </Link>
              <p className="mt-0.5 truncate text-sm text-slate-500">{listingAddress(item.listingUrl)}</p>
              <RowActions item={item} onRemoved={onRemoved} onUpgraded={onRemoved} />
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600 md:contents">
              <span>
                <PlanBadge plan={item.planType} />
              </span>
              <span className="font-medium text-slate-900 tabular-nums">{item.recheckOf ? 'Free re-check' : formatCharge(item.amount)}</span>
              <span>
                <StatusBadge status={item.status} label={item.status === 'refunded' && item.refund?.nothing_charged ? NOT_CHARGED_LABEL : undefined} />
              </span>
              <span data-testid="optimization-date">
                <span className="md:sr-only">Created </span>
                <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
              </span>
              <Icon name="chevronRight" className="hidden h-5 w-5 text-slate-400 md:block" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** No optimizations yet: lead to the optimize form (SPEC §4 Dashboard, empty list). */
export function EmptyOptimizations() {
  return (
    <div className="px-6 py-14 text-center" data-testid="optimizations-empty">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon name="chart" className="h-6 w-6" />
      </span>
      <h3 className="mt-4 text-base font-semibold text-slate-900">No optimizations yet</h3>
      <p className="mx-auto mt-1.5 max-w-sm text-sm text-slate-600">
        Paste a listing link, choose a plan and your first report will appear here.
      </p>
      <ButtonLink to="/#optimize" className="mt-6">
        Optimize a listing
        <Icon name="arrowRight" className="h-4 w-4" />
      </ButtonLink>
    </div>
  );
}
