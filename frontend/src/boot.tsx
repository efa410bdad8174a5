import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app';
import { preloadPageAt } from '@/app/routes';

/**
 * Starts the app in `container`: hydrates the prerendered page, or renders afresh
 * (createRoot replaces whatever markup is there).
 */
export async function boot(container: HTMLElement, hydrate: boolean): Promise<void> {
  if (hydrate) {
    // The page's chunk first (main.tsx has already asked for it), so that the whole page
    // hydrates in one go. A chunk that fails is the page's to show ("Loading chunk failed").
    await preloadPageAt(window.location.pathname).catch(() => undefined);
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread in one long task (the page is already painted and readable).
    startTransition(() => {
      hydrateRoot(container, <App />);
    });
  } else {
    createRoot(container).render(<App />);
  }
}
