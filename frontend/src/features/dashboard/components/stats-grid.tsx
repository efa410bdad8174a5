import { Icon, type IconName } from '@/components/ui/icon';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { type Customer } from '@/types/api';
import { TOTAL_OPTIMIZATIONS_HINT, TOTAL_OPTIMIZATIONS_LABEL } from '../counts';

function Stat({ icon, label, value, tone, hint }: { icon: IconName; label: string; value: string; tone?: 'good' | 'warn'; hint?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-slate-500">
        {label}
        <span
          aria-hidden="true"
          className={cn(
            'hidden h-8 w-8 shrink-0 items-center justify-center rounded-lg sm:flex',
            tone === 'good' ? 'bg-green-50 text-green-700' : tone === 'warn' ? 'bg-amber-50 text-amber-700' : 'bg-brand-50 text-brand-600',
          )}
        >
          <Icon name={icon} className="h-4.5 w-4.5" />
        </span>
      </dt>
      <dd
        className={cn(
          'mt-2 text-lg font-bold tracking-tight break-words sm:text-xl',
          tone === 'good' ? 'text-green-700' : tone === 'warn' ? 'text-amber-700' : 'text-slate-900',
        )}
      >
        {value}
      </dd>
      {hint && <dd className="mt-1 text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}

/** SPEC §2 dashboard stats, from the customer profile. */
export function StatsGrid({ customer }: { customer: Customer }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="dashboard-stats">
      {/* Purchases; the list below shows every order (counts.ts defines both). */}
      <Stat icon="chart" label={TOTAL_OPTIMIZATIONS_LABEL} value={String(customer.totalOptimizations)} hint={TOTAL_OPTIMIZATIONS_HINT} />
      <Stat
        icon="shield"
        label="Account status"
        value={customer.profileComplete ? 'Active' : 'Incomplete'}
        tone={customer.profileComplete ? 'good' : 'warn'}
      />
      <Stat icon="calendar" label="Member since" value={formatDate(customer.createdAt)} />
      <Stat icon="clock" label="Last login" value={formatDate(customer.lastLoginAt)} />
    </dl>
  );
}
