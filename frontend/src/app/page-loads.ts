import { useSyncExternalStore } from 'react';

/**
 * How many page chunks are on their way. Navigations run as transitions (the router
 * wraps them), so the page a host leaves stays on screen while the next one loads;
 * the progress bar (./root-layout.tsx) reads this to show that something is coming.
 */
let pending = 0;
const listeners = new Set<() => void>();

function changed(by: number) {
  pending += by;
  for (const listener of listeners) listener();
}

/** Counts `load` as pending until it settles; resolves and rejects as it does. */
export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  changed(1);
  return load.finally(() => changed(-1));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a page chunk is loading. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
