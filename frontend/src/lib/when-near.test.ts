import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_FALLBACK_MS, whenNearOrIdle } from './when-near';

/** A stand-in IntersectionObserver: `near()` reports the observed elements as intersecting. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  near(isIntersecting = true) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

describe('whenNearOrIdle', () => {
  const element = document.createElement('div');

  it('starts at once where there is no IntersectionObserver (jsdom)', () => {
    const start = vi.fn();
    whenNearOrIdle(element, start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  describe('with IntersectionObserver', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      FakeObserver.last = undefined;
      vi.stubGlobal('IntersectionObserver', FakeObserver);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });

    it('starts once when the element comes within the margin, not before', () => {
      const cancelIdle = vi.fn();
      vi.stubGlobal('requestIdleCallback', vi.fn(() => 1));
      vi.stubGlobal('cancelIdleCallback', cancelIdle);
      const start = vi.fn();
      whenNearOrIdle(element, start, { rootMargin: '600px' });
      const observer = FakeObserver.last;
      expect(observer?.options?.rootMargin).toBe('600px');
      observer?.near(false);
      expect(start).not.toHaveBeenCalled();
      observer?.near();
      observer?.near();
      expect(start).toHaveBeenCalledTimes(1);
      expect(observer?.disconnected).toBe(true);
      expect(cancelIdle).toHaveBeenCalledWith(1);
    });

    it('starts when the browser is idle, without scrolling', () => {
      let idle: IdleRequestCallback | undefined;
      vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
        idle = callback;
        expect(options?.timeout).toBe(2000);
        return 7;
      });
      vi.stubGlobal('cancelIdleCallback', vi.fn());
      const start = vi.fn();
      whenNearOrIdle(element, start);
      expect(start).not.toHaveBeenCalled();
      idle?.({ didTimeout: false, timeRemaining: () => 10 });
      expect(start).toHaveBeenCalledTimes(1);
      FakeObserver.last?.near();
      expect(start).toHaveBeenCalledTimes(1);
    });

    it('without requestIdleCallback (Safari), starts a moment after', () => {
      vi.stubGlobal('requestIdleCallback', undefined);
      const start = vi.fn();
      whenNearOrIdle(element, start);
      vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
      expect(start).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(start).toHaveBeenCalledTimes(1);
    });

    it('never starts once cancelled', () => {
      vi.stubGlobal('requestIdleCallback', undefined);
      const start = vi.fn();
      const cancel = whenNearOrIdle(element, start);
      cancel();
      FakeObserver.last?.near();
      vi.advanceTimersByTime(IDLE_FALLBACK_MS);
      expect(start).not.toHaveBeenCalled();
      expect(FakeObserver.last?.disconnected).toBe(true);
    });
  });
});
