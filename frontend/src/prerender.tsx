/**
 * Build-time entry (vite build --ssr; scripts/prerender.mjs runs it): the landing page
 * rendered to HTML, so "/" paints before the JavaScript has loaded. The tree is the
 * browser's (<App>), with a memory router at "/" in place of the browser router;
 * main.tsx hydrates it.
 */
import { type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { App } from '@/app';
import { loadAllParts } from '@/lib/when-visible';

/** The path the prerendered HTML is for; main.tsx hydrates only there. */
export const PRERENDERED_PATH = '/';

function AtLanding({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={[PRERENDERED_PATH]}>{children}</MemoryRouter>;
}

/**
 * The landing page's markup. The parts that load lazily in the browser (lib/when-visible)
 * are loaded first: a first render starts their loads, the second finds them all there.
 * A boundary left to the browser (React's "<!--$!-->" or "<!--$?-->") is an error: it
 * would reach the visitor blank until the app ran.
 */
export async function renderLanding(): Promise<string> {
  const app = <App Router={AtLanding} />;
  renderToString(app);
  await loadAllParts();
  const markup = renderToString(app);
  if (/<!--\$[!?]-->/.test(markup)) throw new Error('prerender: part of the landing page was not rendered (a lazy part still loading?)');
  return markup;
}
