import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const page = vi.hoisted(() => ({ resolve: (): void => undefined }));

vi.mock('@/app/routes', () => ({
  preloadPageAt: () =>
    new Promise<void>((resolve) => {
      page.resolve = resolve;
    }),
}));
vi.mock('@/app', () => ({ App: () => <p>the page</p> }));

const { boot, PAGE_CHUNK_WAIT_MS } = await import('./boot');

describe('boot, a page drawn in the browser', () => {
  let container: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers();
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => {
    vi.useRealTimers();
    container.remove();
  });

  it("renders once the page's chunk has arrived, so no spinner is shown (and kept 300 ms) first", async () => {
    const booted = boot(container, false);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(container.textContent).toBe('');
    page.resolve();
    await act(() => booted);
    expect(container.textContent).toBe('the page');
  });

  it(`renders after ${PAGE_CHUNK_WAIT_MS} ms without the chunk (the app shows its spinner meanwhile)`, async () => {
    const booted = boot(container, false);
    await act(() => vi.advanceTimersByTimeAsync(PAGE_CHUNK_WAIT_MS - 1));
    expect(container.textContent).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
      await booted;
    });
    expect(container.textContent).toBe('the page');
  });
});
