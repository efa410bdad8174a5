import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_FAILED_MESSAGE, CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk } from './load-chunk';

describe('loadChunk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the SPEC §8 time-out and message', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(CHUNK_LOAD_FAILED_MESSAGE).toBe('Loading chunk failed');
  });

  it('resolves with the module when it loads in time', async () => {
    const module = { Page: 'page' };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with "Loading chunk failed" after 120000 ms', async () => {
    const never = new Promise<never>(() => undefined);
    const result = loadChunk(() => never);
    const settled = vi.fn();
    result.catch(settled);

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toThrow('Loading chunk failed');
    await expect(result).rejects.toBeInstanceOf(Error);
    await expect(result).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('ignores a module that arrives after the time-out', async () => {
    let arrive: (value: string) => void = () => undefined;
    const late = new Promise<string>((resolve) => {
      arrive = resolve;
    });
    const result = loadChunk(() => late, 1000);
    const rejected = expect(result).rejects.toThrow(CHUNK_LOAD_FAILED_MESSAGE);
    await vi.advanceTimersByTimeAsync(1000);
    arrive('too late');
    await rejected;
  });

  it('maps a failed import to "Loading chunk failed" and clears the timer', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    const result = loadChunk(() => Promise.reject(failure));
    await expect(result).rejects.toThrow('Loading chunk failed');
    await expect(result).rejects.toMatchObject({ cause: failure });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes other errors through unchanged', async () => {
    const bug = new RangeError('bad module code');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});

describe('isChunkLoadError', () => {
  it('recognises our error and the browsers’ messages', () => {
    expect(isChunkLoadError(new ChunkLoadError())).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk failed'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('rejects everything else', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Loading chunk failed')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
