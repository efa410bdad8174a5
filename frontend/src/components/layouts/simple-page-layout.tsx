import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { LogoMark } from '@/components/ui/logo';

interface SimplePageLayoutProps {
  /** The page's <h1>. */
  title: string;
  /** Browser tab title; defaults to "{title} · ListingLift". */
  documentTitle?: string;
  children?: ReactNode;
}

/** A minimal page: brand header, one centred card with a heading, a small footer. */
export function SimplePageLayout({ title, documentTitle, children }: SimplePageLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>{documentTitle ?? `${title} · ListingLift`}</title>
      <header className="border-b border-slate-200 bg-white">
        <Container className="flex items-center py-3">
          <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900">
            <LogoMark />
            <span>ListingLift</span>
          </Link>
        </Container>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-16 sm:py-24">
        <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
          <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">{title}</h1>
          {children}
        </div>
      </main>
      <footer className="py-6 text-center text-sm text-slate-500">© {new Date().getFullYear()} ListingLift</footer>
    </div>
  );
}
