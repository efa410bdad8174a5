import { type WatchBody, type WatchCheckBody } from '@/types/api';

/** A week of a watch as the server sends it: read fine, no change, unless `over` says otherwise. */
export function sampleWeek(over: Partial<WatchCheckBody> = {}): WatchCheckBody {
  return {
    week: '2026-W49',
    checkedAt: '2026-12-01T09:00:00Z',
    failed: '',
    score: 72,
    price: 182,
    marketMedian: 175,
    currency: 'USD',
    comparables: 14,
    band: 'middle third',
    changes: [],
    notice: '',
    ...over,
  };
}

/**
 * An active watch three weeks in: week 1 figures only, week 2 the title and the price changed
 * (the e-mail week), week 3 could not be read.
 */
export function sampleWatch(over: Partial<WatchBody> = {}): WatchBody {
  return {
    of: 'opt-premium',
    listingTitle: 'Sunny loft by the river',
    state: 'active',
    ended: '',
    weeks: 12,
    used: 3,
    left: 9,
    startedAt: '2026-11-24T10:00:00Z',
    nextCheckAt: '2026-12-22T10:00:00Z',
    canResume: false,
    checks: [
      sampleWeek({ week: '2026-W49', checkedAt: '2026-12-01T10:00:00Z' }),
      sampleWeek({
        week: '2026-W50',
        checkedAt: '2026-12-08T10:00:00Z',
        price: 199,
        marketMedian: 176,
        band: 'top third',
        changes: [
          { kind: 'title', what: 'Your title changed.', before: 'Sunny loft by the river', after: 'Sunny riverside loft with balcony' },
          { kind: 'price', what: 'Your nightly price changed.', before: '$182', after: '$199' },
        ],
        notice: 'changes',
      }),
      sampleWeek({
        week: '2026-W51',
        checkedAt: '2026-12-15T10:00:00Z',
        failed: 'The listing page did not answer.',
        score: null,
        price: null,
        marketMedian: null,
        comparables: 0,
        band: '',
      }),
    ],
    ...over,
  };
}
