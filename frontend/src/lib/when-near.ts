/**
 * When a part of the page below the fold should load (components/load-when-near.tsx): as
 * it comes within `rootMargin` of the viewport, or as soon as the browser is idle after
 * the page painted, whichever is first. The idle load means find-in-page, printing and
 * screen readers get the whole page a moment after it paints, without scrolling.
 */
export interface WhenNearOptions {
  /** How far outside the viewport counts as near (IntersectionObserver's rootMargin). */
  rootMargin?: string;
  /** The longest requestIdleCallback may wait for an idle moment on a busy page. */
  idleTimeoutMs?: number;
}

/** Without requestIdleCallback (Safari), how long after the page painted it counts as idle. */
export const IDLE_FALLBACK_MS = 300;

/**
 * Calls `start` once: when `element` comes near the viewport or the browser is idle. At
 * once where there is no IntersectionObserver (jsdom, very old browsers): they get the
 * whole page. Returns a function that cancels the call if it has not happened yet.
 */
export function whenNearOrIdle(element: Element, start: () => void, { rootMargin = '600px', idleTimeoutMs = 2000 }: WhenNearOptions = {}): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    start();
    return () => undefined;
  }
  let done = false;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) fire();
    },
    { rootMargin },
  );
  const idle =
    typeof window.requestIdleCallback === 'function'
      ? { id: window.requestIdleCallback(fire, { timeout: idleTimeoutMs }), cancel: (id: number) => window.cancelIdleCallback(id) }
      : { id: window.setTimeout(fire, IDLE_FALLBACK_MS), cancel: (id: number) => window.clearTimeout(id) };
  function stop() {
    done = true;
    observer.disconnect();
    idle.cancel(idle.id);
  }
  function fire() {
    if (done) return;
    stop();
    start();
  }
  observer.observe(element);
  return () => {
    if (!done) stop();
  };
}
