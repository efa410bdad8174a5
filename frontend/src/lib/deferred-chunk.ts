import { loadChunk } from './load-chunk';

/**
 * A part of a page split into a chunk of its own and loaded after the page has painted
 * (components/load-when-near.tsx). It loads through loadChunk (SPEC §8: time-out,
 * "Loading chunk failed") and remembers its module once loaded, so that a later render
 * (the page shown again, a remount) shows the part at once instead of a placeholder.
 */
export interface DeferredChunk<M> {
  /** Starts loading (once: calls while it is on its way share it); a failure may be retried. */
  load(): Promise<M>;
  /** The module once it has loaded; undefined before. */
  loaded(): M | undefined;
}

/** Every deferred chunk made so far (they are made when their page's module is evaluated). */
const made = new Set<DeferredChunk<unknown>>();

/** A deferred chunk for `importer` (a dynamic import, or several joined). Make it once, at a module's top level. */
export function deferredChunk<M>(importer: () => Promise<M>): DeferredChunk<M> {
  let done: { value: M } | undefined;
  let pending: Promise<M> | undefined;
  const chunk: DeferredChunk<M> = {
    load() {
      pending ??= loadChunk(importer).then(
        (value) => {
          done = { value };
          return value;
        },
        (error: unknown) => {
          // Not remembered: the section's Try Again asks again.
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => done?.value,
  };
  made.add(chunk);
  return chunk;
}

/**
 * Loads every deferred chunk made so far. The tests' setup (src/testing/setup.ts) calls it
 * so that a screen renders whole at once in jsdom, as it would after the page went idle.
 */
export function loadDeferredChunks(): Promise<unknown[]> {
  return Promise.all([...made].map((chunk) => chunk.load()));
}
