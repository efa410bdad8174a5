import { type RefObject, useEffect, useRef } from 'react';

/** What the order's page shows: the loading screen, the report, or anything else (an error, a sign-in prompt). */
export type PagePhase = 'waiting' | 'report' | 'other';

/**
 * Where the host is brought once the report arrives: "What changed" on a re-check's report,
 * else the report's own heading. The report viewer is the report feature's; these are the
 * landmarks it renders (comparison.tsx's section, results-screen.tsx's h1).
 */
const REPORT_TARGETS = ['[data-testid="comparison"] h2', 'h1'] as const;
const LOADING_TARGET = '[data-testid="loading-screen"] h1';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Gives `el` the focus (so a screen reader reads it next) and brings it to the top of the
 * screen — a page's own heading by going back to the top of the page, its header with it:
 * smoothly, unless the host asked the system for reduced motion. The focus does not scroll
 * by itself, so the two never fight.
 */
export function bringIntoView(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.classList.add('focus:outline-none');
  el.focus({ preventScroll: true });
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
  if (el.tagName === 'H1') {
    window.scrollTo({ top: 0, behavior });
    return;
  }
  el.style.scrollMarginTop = '1.5rem';
  el.scrollIntoView({ block: 'start', behavior });
}

/** The element `selectors` name first inside `root`, or null. */
function firstOf(root: HTMLElement, selectors: readonly string[]): HTMLElement | null {
  for (const selector of selectors) {
    const el = root.querySelector<HTMLElement>(selector);
    if (el) return el;
  }
  return null;
}

/**
 * After a re-check, an upgrade or a new order the page's content is replaced while the host
 * may be scrolled far down the report they were reading (issue 43). So:
 *  - the report gives way to the loading screen (the host started a re-check or an upgrade):
 *    the progress is brought into view;
 *  - the loading screen gives way to the report: the host lands on what changed — the
 *    comparison of a re-check, else the new report's heading.
 * A report that is on screen from the page's first render (drawn by the server, or opened
 * from a link) is left where the browser puts it.
 */
export function useLandOnChange(phase: PagePhase, rootRef: RefObject<HTMLElement | null>): void {
  const previous = useRef<PagePhase | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = phase;
    const root = rootRef.current;
    if (before === null || before === phase || !root) return;
    const target =
      phase === 'waiting' && before === 'report'
        ? root.querySelector<HTMLElement>(LOADING_TARGET)
        : phase === 'report' && before === 'waiting'
          ? firstOf(root, REPORT_TARGETS)
          : null;
    if (target) bringIntoView(target);
  }, [phase, rootRef]);
}
