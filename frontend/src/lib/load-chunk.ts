/**
 * Loading lazily split parts of the app (SPEC §8): a chunk that has not arrived
 * after CHUNK_LOAD_TIMEOUT_MS, or that fails to load, rejects with
 * Error("Loading chunk failed"), which the route error screen recognises and
 * offers a retry for.
 */

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHUNK_LOAD_FAILED_MESSAGE = 'Loading chunk failed';

export class ChunkLoadError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(CHUNK_LOAD_FAILED_MESSAGE, options);
    this.name = 'ChunkLoadError';
  }
}

/** Messages browsers use when a dynamic import() cannot fetch or evaluate its module. */
const BROWSER_CHUNK_ERRORS = [
  CHUNK_LOAD_FAILED_MESSAGE,
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's CSS preload helper
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return BROWSER_CHUNK_ERRORS.some((m) => error.message.includes(m));
}

/**
 * Runs a dynamic import with a time-out. Rejects with a ChunkLoadError (message
 * "Loading chunk failed") when the import fails or takes longer than timeoutMs.
 */
export function loadChunk<T>(importer: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new ChunkLoadError({ cause: new Error(`chunk did not load within ${timeoutMs} ms`) }));
    }, timeoutMs);

    importer().then(
      (module) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (isChunkLoadError(error) || error instanceof TypeError) reject(new ChunkLoadError({ cause: error }));
        else reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
