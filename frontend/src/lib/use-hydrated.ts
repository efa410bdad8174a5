import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the prerendered landing page is being hydrated (and while it is rendered
 * at build time), true on every other render. Parts that depend on the browser's
 * runtime configuration or the clock (the footer's contact details and year) wait for
 * it: the build cannot know them, and the first client render must match its markup.
 * A page rendered only in the browser gets true at once, so nothing waits there.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
