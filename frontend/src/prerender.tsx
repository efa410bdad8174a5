/**
 * Build-time entry (vite build --ssr; scripts/prerender.mjs runs it): pages rendered to
 * HTML, so that they paint before the JavaScript has loaded: the landing page, and the
 * pages `pageFiles` marks (app/pages.ts); and the server's template of a report page's
 * header (reportHeaderTemplate). The tree is the browser's (<App>), with a memory
 * router at the page's path in place of the browser router; main.tsx hydrates it.
 * Lazy pages are waited for (a static prerender), so their markup is complete.
 */
import { type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from '@/lib/router';
import { App } from '@/app';
import { pageFiles } from '@/app/pages';
import { ReportHeaderTemplate } from '@/features/report/components/report-header-template';

export { pageFiles };

/** The landing page's path; its HTML is index.html. */
export const PRERENDERED_PATH = '/';

export async function renderAt(path: string): Promise<string> {
  function At({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  }
  // One piece: React would otherwise move large parts out of place, to be put back by
  // inline scripts (which the Content-Security-Policy refuses). A page that throws fails
  // the build: React would otherwise draw the nearest fallback (a spinner) and go on.
  const errors: unknown[] = [];
  const { prelude } = await prerender(<App Router={At} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => void errors.push(error),
  });
  if (errors.length > 0) throw new Error(`prerender: drawing ${path} failed`, { cause: errors[0] });
  return new Response(prelude).text();
}

/**
 * The server's report-header template (a Go html/template; see report-header-template.tsx).
 * Static markup: the server's page is never hydrated (the app replaces it), and no text
 * separators end up between the template's actions.
 */
export function reportHeaderTemplate(): string {
  return renderToStaticMarkup(<ReportHeaderTemplate />);
}
