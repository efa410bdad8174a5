import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { LegalLinks } from '@/components/layouts/legal-links';
import { SiteHeader } from './site-header';

interface PageShellProps {
  /** Browser tab title. */
  documentTitle: string;
  children: ReactNode;
  mainClassName?: string;
}

/** Header, main area and a small footer: the frame of every page but the landing page. */
export function PageShell({ documentTitle, children, mainClassName }: PageShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>{documentTitle}</title>
      <SiteHeader />
      <PageMain className={mainClassName}>{children}</PageMain>
      <footer className="space-y-1 py-6 text-center text-sm text-slate-600">
        <LegalLinks />
        <p>© {new Date().getFullYear()} ListingLift</p>
      </footer>
    </div>
  );
}

/**
 * A page's main area (the skip link's target). Also the outside of the report header's server
 * template (features/report/components/report-header-template.tsx), which the server puts in
 * place of a frame's main area.
 */
export function PageMain({ className, children }: { className?: string | undefined; children: ReactNode }) {
  return (
    <main id="main" className={cn('flex-1', className)}>
      {children}
    </main>
  );
}
