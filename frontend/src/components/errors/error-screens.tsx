import { type ReactNode } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/logo';
import { CHUNK_LOAD_FAILED_MESSAGE } from '@/lib/load-chunk';
import { GENERIC_ERROR_MESSAGE } from '@/lib/messages';

function reload() {
  window.location.reload();
}

/**
 * Error screens render outside the router too (the top-level boundary), so they use
 * plain links: a full page load is the right way home after a failure anyway.
 */
function ErrorLayout({ title, documentTitle, children }: { title: string; documentTitle: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 py-16">
      <title>{documentTitle}</title>
      <a href="/" className="mb-8 flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900">
        <LogoMark />
        <span>ListingLift</span>
      </a>
      <main
        id="main"
        className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10"
      >
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900">{title}</h1>
        {children}
      </main>
    </div>
  );
}

function Actions({ onRetry, retryLabel }: { onRetry: () => void; retryLabel: string }) {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <Button onClick={onRetry}>{retryLabel}</Button>
      <a href="/" className={buttonClasses({ variant: 'secondary' })}>
        Back to home
      </a>
    </div>
  );
}

/** A lazily loaded part of the app did not arrive (SPEC §8 "Loading chunk failed"). */
export function ChunkLoadFailedScreen({ onRetry = reload }: { onRetry?: () => void }) {
  return (
    <ErrorLayout title={CHUNK_LOAD_FAILED_MESSAGE} documentTitle="Loading failed · ListingLift">
      <p className="mt-4 text-slate-600">Part of the page could not be downloaded. Check your connection and try again.</p>
      <Actions onRetry={onRetry} retryLabel="Retry" />
    </ErrorLayout>
  );
}

/** The generic failure screen (SPEC §8). */
export function GenericErrorScreen({ onRetry = reload }: { onRetry?: () => void }) {
  return (
    <ErrorLayout title={GENERIC_ERROR_MESSAGE} documentTitle="Error · ListingLift">
      <Actions onRetry={onRetry} retryLabel="Try again" />
    </ErrorLayout>
  );
}
