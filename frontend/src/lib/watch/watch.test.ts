import { describe, expect, it } from 'vitest';
import { sampleWatch, sampleWeek } from '@/testing/watch';
import { changeEvidence, chartWeeks, medianText, pricePosition, readWatch, watchActions, watchStatus, weekSummary, type Watch } from './watch';

function watch(over: Parameters<typeof sampleWatch>[0] = {}): Watch {
  const w = readWatch(sampleWatch(over));
  if (!w) throw new Error('sample watch not read');
  return w;
}

describe('readWatch', () => {
  it('reads the server’s watch as it is', () => {
    expect(readWatch(sampleWatch())).toEqual(sampleWatch());
  });

  it('is null for no watch, or one without its order or with a state it does not know', () => {
    expect(readWatch(null)).toBeNull();
    expect(readWatch(undefined)).toBeNull();
    expect(readWatch({ ...sampleWatch(), of: '' })).toBeNull();
    expect(readWatch({ ...sampleWatch(), state: 'sleeping' })).toBeNull();
  });

  it('never turns a missing figure into 0, and drops weeks and changes it cannot show', () => {
    const body = sampleWatch({
      checks: [
        { ...sampleWeek(), score: undefined, price: 'n/a', marketMedian: Number.NaN } as unknown as ReturnType<typeof sampleWeek>,
        { week: '', checkedAt: '' } as unknown as ReturnType<typeof sampleWeek>,
        sampleWeek({ week: '2026-W50', changes: [{ kind: 'x', what: '', before: '', after: '' }] }),
      ],
    });
    const read = readWatch(body);
    expect(read?.checks).toHaveLength(2);
    expect(read?.checks[0]).toMatchObject({ score: null, price: null, marketMedian: null });
    expect(read?.checks[1]?.changes).toEqual([]);
  });
});

describe('watchStatus', () => {
  it('says weeks left and the next check while watching', () => {
    expect(watchStatus(watch()).line).toBe('Watching · 9 of 12 weeks left · next check December 22, 2026');
  });

  it('says Paused, Stopped and Ended, with why it ended', () => {
    expect(watchStatus(watch({ state: 'paused', nextCheckAt: null, canResume: true })).line).toBe('Paused · 9 of 12 weeks left');
    expect(watchStatus(watch({ state: 'stopped', nextCheckAt: null, canResume: true })).line).toBe('Stopped · 9 of 12 weeks left');
    expect(watchStatus(watch({ state: 'ended', ended: 'completed', left: 0, nextCheckAt: null })).line).toBe('Ended · all 12 weeks checked');
    expect(watchStatus(watch({ state: 'ended', ended: 'refunded', nextCheckAt: null })).line).toBe('Ended · the report was refunded');
    expect(watchStatus(watch({ state: 'ended', ended: 'removed', nextCheckAt: null })).line).toBe('Ended · your listing is no longer on its site');
  });

  it('offers only the actions the server accepts in each state', () => {
    expect(watchActions(watch())).toEqual(['pause', 'stop']);
    expect(watchActions(watch({ state: 'paused', canResume: true }))).toEqual(['resume', 'stop']);
    expect(watchActions(watch({ state: 'stopped', canResume: true }))).toEqual(['resume']);
    expect(watchActions(watch({ state: 'stopped', canResume: false, left: 0 }))).toEqual([]);
    expect(watchActions(watch({ state: 'ended', ended: 'refunded' }))).toEqual([]);
    expect(watchActions(watch({ state: 'ended', ended: 'removed', canResume: true }))).toEqual(['resume']);
  });
});

describe('a week in words', () => {
  it('says the price position and the median in the week’s currency', () => {
    expect(pricePosition(sampleWeek())).toBe('$182 a night · middle third of 14 comparables');
    expect(medianText(sampleWeek())).toBe('$175 a night (14 comparables)');
    expect(pricePosition(sampleWeek({ currency: 'EUR', price: 140, band: '' }))).toBe('€140 a night');
    // A currency not named is never shown as dollars.
    expect(pricePosition(sampleWeek({ currency: '', price: 140, band: '' }))).toBe('140 a night');
    expect(medianText(sampleWeek({ marketMedian: null }))).toBe('');
  });

  it('says "checked <date>: no change", or why a week could not be read', () => {
    expect(weekSummary(sampleWeek())).toBe('checked December 1, 2026: no change');
    expect(weekSummary(sampleWeek({ failed: 'The listing page did not answer.' }))).toBe(
      'checked December 1, 2026: we could not read your listing (The listing page did not answer). We try again next week.',
    );
  });

  it('shows a change’s two sides, or the one it has', () => {
    expect(changeEvidence({ kind: 'photos', what: 'w', before: '24 photos', after: '26 photos' })).toBe('24 photos → 26 photos');
    expect(changeEvidence({ kind: 'amenities', what: 'w', before: '', after: 'Hot tub added' })).toBe('Hot tub added');
    expect(changeEvidence({ kind: 'x', what: 'w', before: '', after: '' })).toBe('');
  });

  it('charts the weeks read, in the newest week’s currency', () => {
    expect(chartWeeks(watch()).map((c) => c.week)).toEqual(['2026-W49', '2026-W50']);
    const mixed = watch({ checks: [sampleWeek({ week: 'a', currency: 'EUR' }), sampleWeek({ week: 'b' })] });
    expect(chartWeeks(mixed).map((c) => c.week)).toEqual(['b']);
  });
});
