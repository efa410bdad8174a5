import { type ReactNode } from 'react';
import { PageShell } from './page-shell';

interface SimplePageLayoutProps {
  /** The page's <h1>. */
  title: string;
  /** Browser tab title; defaults to "{title} · ListingLift". */
  documentTitle?: string;
  children?: ReactNode;
}

/** A minimal page: site header, one centred card with a heading, a small footer. */
export function SimplePageLayout({ title, documentTitle, children }: SimplePageLayoutProps) {
  return (
    <PageShell documentTitle={documentTitle ?? `${title} · ListingLift`} mainClassName="flex items-start justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">{title}</h1>
        {children}
      </div>
    </PageShell>
  );
}
