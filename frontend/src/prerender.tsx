/**
 * Build-time entry (vite build --ssr; scripts/prerender.mjs runs it): the landing page
 * rendered to HTML, so "/" paints before the JavaScript has loaded. The tree is the
 * browser's (<App>), with a memory router at "/" in place of the browser router;
 * main.tsx hydrates it.
 */
import { type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '@/lib/router';
import { App } from '@/app';

/** The path the prerendered HTML is for; main.tsx hydrates only there. */
export const PRERENDERED_PATH = '/';

function AtLanding({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={[PRERENDERED_PATH]}>{children}</MemoryRouter>;
}

export function renderLanding(): string {
  return renderToString(<App Router={AtLanding} />);
}
