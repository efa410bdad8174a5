import { describe, expect, it, vi } from 'vitest';
import { deferredChunk } from './deferred-chunk';
import { CHUNK_LOAD_FAILED_MESSAGE } from './load-chunk';

describe('deferredChunk', () => {
  it('has no module until it loads, then keeps it', async () => {
    const module = { Part: 'part' };
    const chunk = deferredChunk(() => Promise.resolve(module));
    expect(chunk.loaded()).toBeUndefined();
    await expect(chunk.load()).resolves.toBe(module);
    expect(chunk.loaded()).toBe(module);
  });

  it('imports once when asked again while on its way or after', async () => {
    const importer = vi.fn(() => Promise.resolve({ Part: 'part' }));
    const chunk = deferredChunk(importer);
    await Promise.all([chunk.load(), chunk.load()]);
    await chunk.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('fails with "Loading chunk failed" and imports again when retried', async () => {
    const module = { Part: 'part' };
    const importer = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce(module);
    const chunk = deferredChunk<typeof module>(importer);
    await expect(chunk.load()).rejects.toThrow(CHUNK_LOAD_FAILED_MESSAGE);
    expect(chunk.loaded()).toBeUndefined();
    await expect(chunk.load()).resolves.toBe(module);
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
