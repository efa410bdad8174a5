import { type ReactNode } from 'react';
import { Navigate, useSearchParams } from '@/lib/router';
import { PageShell } from '@/components/layouts/page-shell';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/auth/context';

interface AuthLayoutProps {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  /** Under the card: the link to the other auth page. */
  footer: ReactNode;
  /** Where a signed-in user goes when no ?next= says otherwise (default "/"), with the navigation's state. */
  home?: { to: string; state?: unknown };
}

/**
 * The frame of /login and /signup. A signed-in user is sent to / (SPEC §2), also right
 * after signing in here; while the auth state is loading a spinner covers the card's form.
 */
export function AuthLayout({ title, subtitle, children, footer, home }: AuthLayoutProps) {
  const { status } = useAuth();
  const [params] = useSearchParams();
  if (status === 'signed-in') {
    const next = returnPath(params.get('next'), home?.to);
    return <Navigate to={next} state={next === home?.to ? home.state : undefined} replace />;
  }
  const loading = status === 'loading';

  return (
    <PageShell documentTitle={`${title} · ListingLift`} mainClassName="px-4 py-12 sm:py-20">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>
          {/* While the session is checked the form is laid out but hidden and inert under the
              spinner, so the card has its final height from the first paint: the footer below
              does not jump when the form appears (it did by 12 px on a phone). */}
          <div className="relative mt-6">
            <div className={cn(loading && 'invisible')} aria-hidden={loading || undefined} inert={loading || undefined}>
              {children}
            </div>
            {loading && <Spinner label="Checking your session…" className="absolute inset-x-0 top-0 py-16" />}
          </div>
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>
      </div>
    </PageShell>
  );
}

/** Where a page that asked the host to log in sends them back to (?next=): only these. */
const RETURN_PATHS = ['/dashboard'] as const;

/** The ?next= path after signing in, when it is one of ours; `home` ("/", SPEC §2) otherwise. */
export function returnPath(next: string | null, home = '/'): string {
  return RETURN_PATHS.find((p) => p === next) ?? home;
}

/** The "or" rule between the e-mail form and the Google button. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-600 uppercase" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
