import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app';
import { preloadPageAt } from '@/app/routes';
import { rememberEarlyInput } from '@/lib/keep-early-input';

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
    // The page's chunk is already on its way (app.html, the page files and fetch-ahead
    // ask for it beside the app). Rendering before it has arrived would show the spinner,
    // and React keeps a shown fallback for at least 300 ms however soon the page arrives
    // (its FALLBACK_THROTTLE_MS): the report's loading screen painted 300 ms late. So wait
    // for the chunk, but not for long: past PAGE_CHUNK_WAIT_MS the spinner is better.
    await Promise.race([preloadPageAt(window.location.pathname).catch(() => undefined), delay(PAGE_CHUNK_WAIT_MS)]);
    // The page drawn at build time may be on screen, typed into: what was typed is kept for
    // the fields that replace it.
    rememberEarlyInput(container);
    const root = createRoot(container);
    if (container.dataset.frame === undefined) {
      root.render(<App />);
      return;
    }
    // A frame (a page drawn at build time, or a report the server drew) is on screen until
    // the app replaces it, so the app's first render can yield to the browser every few
    // milliseconds, as hydration does, instead of holding the main thread in long tasks.
    startTransition(() => {
      root.render(<App />);
    });
  }
}

/** How long a page drawn in the browser waits for its chunk before showing the spinner instead. */
export const PAGE_CHUNK_WAIT_MS = 1000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
