import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { SpinnerRing } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { type DeferredChunk } from '@/lib/deferred-chunk';
import { whenNearOrIdle } from '@/lib/when-near';

/** How long a load may take before the placeholder shows a spinner: none flashes on a fast load. */
export const SPINNER_DELAY_MS = 500;

type State<M> =
  | { chunk: DeferredChunk<M>; status: 'waiting' | 'loading' | 'failed' }
  | { chunk: DeferredChunk<M>; status: 'ready'; value: M };

function initial<M>(chunk: DeferredChunk<M>): State<M> {
  const value = chunk.loaded();
  return value === undefined ? { chunk, status: 'waiting' } : { chunk, status: 'ready', value };
}

export interface LoadWhenNearProps<M> {
  /** The chunk holding the part (lib/deferred-chunk); made once at a module's top level. */
  chunk: DeferredChunk<M>;
  /** The part, from the chunk's module. */
  children: (module: M) => ReactNode;
  /** What the part is, for the failure message: "The rest of the report" could not be loaded. */
  what: string;
  /** The placeholder's classes: a min-height close to the part's, so nothing below it jumps when it arrives. */
  className?: string;
  rootMargin?: string;
}

/**
 * A part of the page below the fold, loaded in a chunk of its own when its placeholder
 * comes near the viewport or the page is idle (lib/when-near), whichever is first. The
 * placeholder keeps the part's room; it is aria-busy with a "Loading…" status while the
 * chunk is on its way, and shows a spinner only when that takes longer than
 * SPINNER_DELAY_MS. A chunk that fails to load leaves the rest of the page as it is and
 * offers Try Again in the part's place.
 */
export function LoadWhenNear<M>({ chunk, children, what, className, rootMargin }: LoadWhenNearProps<M>) {
  const [state, setState] = useState<State<M>>(() => initial(chunk));
  const [slow, setSlow] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  // Another chunk (a Basic report upgraded to Premium): start over with it.
  const current = state.chunk === chunk ? state : initial(chunk);
  if (current !== state) setState(current);
  const { status } = current;

  useEffect(() => {
    const element = placeholder.current;
    if (status !== 'waiting' || !element) return;
    return whenNearOrIdle(element, () => setState({ chunk, status: 'loading' }), { rootMargin });
  }, [chunk, status, rootMargin]);

  useEffect(() => {
    if (status !== 'loading') return;
    let live = true;
    chunk.load().then(
      (value) => live && setState({ chunk, status: 'ready', value }),
      () => live && setState({ chunk, status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [chunk, status]);

  const pending = status === 'waiting' || status === 'loading';
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setSlow(true), SPINNER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [pending]);

  if (current.status === 'ready') return children(current.value);
  if (current.status === 'failed') {
    return (
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="part-load-error">
        <LoadError what={what} message="Check your connection and try again." onRetry={() => setState({ chunk, status: 'loading' })} />
      </div>
    );
  }
  return (
    <div ref={placeholder} aria-busy="true" className={cn('relative', className)} data-testid="part-placeholder">
      <div role="status" className="sticky top-24 flex justify-center pt-10">
        {slow && <SpinnerRing />}
        <span className="sr-only">Loading…</span>
      </div>
    </div>
  );
}
