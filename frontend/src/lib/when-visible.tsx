import { lazy, memo, Suspense, use, useEffect, useRef, type ComponentType, type RefObject } from 'react';
import { keepEarlyInput } from './keep-early-input';
import { loadChunk } from './load-chunk';
import { useHydrated } from './use-hydrated';

/** How far below the screen a part starts loading, so it is usually ready when reached. */
const AHEAD = '300px';

/** Every lazily shown part's loader, for the build's prerender (loadAllParts). */
const parts: (() => Promise<unknown>)[] = [];

/**
 * Loads the code of every part made with lazyWhenVisible. The build's prerender renders
 * once (which starts React's lazy loads), awaits this, and renders again: by then no
 * part suspends, so the markup is whole and needs no script to reveal it.
 */
export async function loadAllParts(): Promise<void> {
  await Promise.all(parts.map((load) => load()));
  // React marks a lazy component loaded a few microtasks after its import settles.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A part of the prerendered landing page whose code is fetched only when the visitor
 * scrolls near it: its markup is already on the page, so until then React leaves it as
 * it is (a dehydrated Suspense boundary) and the first load carries less JavaScript.
 * Rendered anywhere else (a page drawn in the browser, a test) it loads at once; at
 * build time the prerender loads it first (loadAllParts), so the markup is whole. Text typed into it
 * before its code arrived is handed to React once it has.
 *
 * The component is wrapped in a <div> (the element watched for visibility).
 */
export interface WhenVisibleOptions {
  /**
   * Wait to be seen on a page drawn in the browser too: for a part the prerender leaves
   * out (the footer, which shows the runtime configuration), so there is nothing to
   * show until it loads anyway.
   */
  always?: boolean;
}

export function lazyWhenVisible<P extends object, M>(
  importer: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  { always = false }: WhenVisibleOptions = {},
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: pick(await loadChunk(importer)) }));
  parts.push(() => loadChunk(importer));
  let show: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => {
    show = resolve;
  });

  function Content(props: P) {
    // While the prerendered page hydrates, wait for the visitor to get near the part.
    const hydrating = !useHydrated();
    if ((hydrating || always) && typeof window !== 'undefined') use(seen);
    return <Lazy {...props} />;
  }

  function HandOverEarlyInput({ root }: { root: RefObject<HTMLDivElement | null> }) {
    useEffect(() => keepEarlyInput(root.current), [root]);
    return null;
  }

  function WhenVisible(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = ref.current;
      if (!element || typeof IntersectionObserver === 'undefined') {
        show();
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          show();
        },
        { rootMargin: `${AHEAD} 0px` },
      );
      observer.observe(element);
      return () => observer.disconnect();
    }, []);
    return (
      <div ref={ref}>
        <Suspense>
          <Content {...props} />
          <HandOverEarlyInput root={ref} />
        </Suspense>
      </div>
    );
  }
  // Memoised: a parent's re-render (the landing page's, once hydrated) must not reach a
  // part still waiting, or React would render it afresh and fetch its code at once.
  return memo(WhenVisible);
}
