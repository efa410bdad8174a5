import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app';

/**
 * Starts the app in `container`: hydrates the prerendered landing page, or renders
 * afresh (createRoot replaces whatever markup is there).
 */
export function boot(container: HTMLElement, hydrate: boolean): void {
  if (hydrate) {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread in one long task (the page is already painted and readable).
    startTransition(() => {
      hydrateRoot(container, <App />);
    });
  } else {
    createRoot(container).render(<App />);
  }
}
