import { useEffect } from 'react';
import { useLocation, useSearchParams } from '@/lib/router';
import { PageShell } from '@/components/layouts/page-shell';
import { SimplePageLayout } from '@/components/layouts/simple-page-layout';
import { Button, ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { greetingName, useAuth, type AuthUser } from '@/lib/auth/context';
import { cn } from '@/lib/cn';
import {
  ACCESS_DENIED_MESSAGE,
  ACCESS_DENIED_TITLE,
  DASHBOARD_ERROR_FALLBACK,
  DASHBOARD_ERROR_TITLE,
} from '@/lib/messages';
import { type Customer } from '@/types/api';
import { ordersNote } from '../counts';
import { useCustomer, useOptimizations } from '../hooks/use-dashboard-data';
import { pageCount, parsePageParam, resultsSummary } from '../pagination';
import { ListingsSection } from './listings-section';
import { EmptyOptimizations, OptimizationList } from './optimization-list';
import { AccountDeleted, DeleteAccount } from './delete-account';
import { PaginationNav } from './pagination-nav';
import { StatsGrid } from './stats-grid';

const DOCUMENT_TITLE = 'Dashboard · ListingLift';

function reload() {
  window.location.reload();
}

/** Signed out (SPEC §2): "Access Denied", "Please log in to view your dashboard", Go to Login. */
export function AccessDenied() {
  return (
    <SimplePageLayout title={ACCESS_DENIED_TITLE} documentTitle={DOCUMENT_TITLE}>
      <p className="mt-4 text-slate-600">{ACCESS_DENIED_MESSAGE}</p>
      <ButtonLink to="/login?next=/dashboard" className="mt-8">
        Go to Login
      </ButtonLink>
    </SimplePageLayout>
  );
}

/** SPEC §8: "Error Loading Dashboard" with the message or "Failed to load customer data"; Try Again reloads. */
export function DashboardError({ message, onRetry = reload }: { message: string; onRetry?: () => void }) {
  return (
    <SimplePageLayout title={DASHBOARD_ERROR_TITLE} documentTitle={DOCUMENT_TITLE}>
      <p role="alert" className="mt-4 text-slate-600">
        {message.trim() || DASHBOARD_ERROR_FALLBACK}
      </p>
      <Button onClick={onRetry} className="mt-8">
        Try Again
      </Button>
    </SimplePageLayout>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <PageShell documentTitle={DOCUMENT_TITLE} mainClassName="flex items-center justify-center py-24">
      <Spinner label={label} />
    </PageShell>
  );
}

function OptimizationsSection({ uid, page, paid }: { uid: string; page: number; paid: number }) {
  const [, setSearchParams] = useSearchParams();
  const list = useOptimizations(uid, page);
  const loading = list.status === 'loading';
  // While the next page loads, the previous one stays (dimmed).
  const data = list.status === 'success' ? list.data : loading ? list.previous : null;
  const count = data ? pageCount(data.total, data.pageSize) : 1;

  // A page past the end (an old link) goes to the last page.
  const pastEnd = !loading && data !== null && data.total > 0 && data.items.length === 0 && page > count;
  useEffect(() => {
    if (pastEnd) setSearchParams({ page: String(count) }, { replace: true });
  }, [pastEnd, count, setSearchParams]);

  return (
    <section aria-labelledby="optimizations-title" className="mt-10 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id="optimizations-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          Your optimizations
        </h2>
        {/* No count of its own beside the heading: the one number here is SPEC's "of n results" below, said with Total optimizations'. */}
        {data && data.total > 0 && (
          <p className="w-full text-sm text-slate-600" data-testid="optimizations-count-note">
            {ordersNote(data.total, paid)}
          </p>
        )}
        {loading && data && (
          <span className="flex items-center gap-2 text-sm text-slate-500" role="status">
            <span className="h-4 w-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" aria-hidden="true" />
            Loading…
          </span>
        )}
      </div>
      {list.status === 'error' ? (
        // Its own error and Try Again, never "No optimizations yet" (SPEC audit: a host with paid reports was told they had none).
        <LoadError what="Your optimizations" message={list.message} onRetry={list.reload} testId="optimizations-error" />
      ) : data === null ? (
        <Spinner label="Loading your optimizations…" className="py-16" />
      ) : data.total === 0 ? (
        <EmptyOptimizations />
      ) : (
        <div aria-busy={loading} className={cn('transition-opacity', loading && 'opacity-60')}>
          <OptimizationList items={data.items} onRemoved={list.reload} />
          <div className="flex flex-col gap-4 border-t border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600" data-testid="results-summary">
              {resultsSummary(data.page, data.total, data.pageSize)}
            </p>
            {count > 1 && <PaginationNav page={Math.min(page, count)} count={count} />}
          </div>
        </div>
      )}
    </section>
  );
}

function Dashboard({ user, customer, page }: { user: AuthUser; customer: Customer; page: number }) {
  return (
    <PageShell documentTitle={DOCUMENT_TITLE} mainClassName="py-10 sm:py-14">
      <Container>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
            <p className="mt-1.5 text-slate-600">
              Welcome back, {customer.displayName.trim() || greetingName(user)}. Here are your listing optimizations.
            </p>
          </div>
          <ButtonLink to="/#optimize" className="shrink-0 self-start sm:self-auto">
            Optimize a listing
            <Icon name="arrowRight" className="h-4 w-4" />
          </ButtonLink>
        </div>
        <div className="mt-8">
          <StatsGrid customer={customer} />
        </div>
        <ListingsSection uid={user.uid} expectListings={customer.totalOptimizations > 0} />
        <OptimizationsSection uid={user.uid} page={page} paid={customer.totalOptimizations} />
        <DeleteAccount />
      </Container>
    </PageShell>
  );
}

function SignedInDashboard({ user }: { user: AuthUser }) {
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const customer = useCustomer(user.uid);

  if (customer.status === 'loading') return <Loading label="Loading your dashboard…" />;
  if (customer.status === 'error') return <DashboardError message={customer.message} />;
  return <Dashboard user={user} customer={customer.data} page={page} />;
}

/** "/dashboard" (SPEC §2, §4, §8): signed-in only. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function DashboardPage() {
  const auth = useAuth();
  const state: unknown = useLocation().state;
  if (isRecord(state) && state.accountDeleted === true) return <AccountDeleted finishing={state.finishing === true} />;
  if (auth.status === 'loading') return <Loading label="Checking your session…" />;
  if (auth.status === 'signed-out') return <AccessDenied />;
  return <SignedInDashboard user={auth.user} />;
}
