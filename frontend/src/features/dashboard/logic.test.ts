import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { formatCharge } from '@/lib/plans';
import { DASHBOARD_PAGE_SIZE } from './constants';
import { pageCount, pageItems, parsePageParam, resultsSummary } from './pagination';
import { statusLabel, statusTone } from './status';
import { scoreTrend } from './trend';
import { type ListingReport } from '@/types/api';

describe('dashboard paging (SPEC §2, §9)', () => {
  it('pages by 5', () => {
    expect(DASHBOARD_PAGE_SIZE).toBe(5);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(5)).toBe(1);
    expect(pageCount(6)).toBe(2);
    expect(pageCount(12)).toBe(3);
  });

  it('says "Showing x to y of n results"', () => {
    expect(resultsSummary(1, 12)).toBe('Showing 1 to 5 of 12 results');
    expect(resultsSummary(2, 12)).toBe('Showing 6 to 10 of 12 results');
    expect(resultsSummary(3, 12)).toBe('Showing 11 to 12 of 12 results');
    expect(resultsSummary(1, 3)).toBe('Showing 1 to 3 of 3 results');
    expect(resultsSummary(1, 0)).toBe('Showing 0 to 0 of 0 results');
  });

  it('reads ?page= as a whole number from 1', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('2')).toBe(2);
    for (const bad of ['', '0', '-1', '1.5', 'two', '1e3', '99999999999999999999']) expect(parsePageParam(bad)).toBe(1);
  });

  it('numbers every page up to 7, then windows around the current one', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
  });
});

describe('status colours (SPEC §2)', () => {
  it.each([
    ['completed', 'green'],
    ['pending', 'amber'],
    ['processing', 'amber'],
    ['failed', 'red'],
    ['refunded', 'grey'],
    ['expired', 'grey'],
    ['', 'grey'],
    ['constructor', 'grey'],
    ['Completed', 'green'],
  ])('%j is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it('labels statuses', () => {
    expect(statusLabel('completed')).toBe('Completed');
    expect(statusLabel('needs_review')).toBe('Needs review');
    expect(statusLabel('')).toBe('Unknown');
    expect(statusLabel('refunded')).toBe('Refunded');
    expect(statusLabel('expired')).toBe('Checkout not completed');
  });
});

describe('formats', () => {
  it('shows dates in US English ("January 5, 2026")', () => {
    expect(formatDate('2026-01-05T15:04:00Z')).toBe('January 5, 2026');
    expect(formatDate('2026-01-06T00:04:00Z', 'America/New_York')).toBe('January 5, 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });

  it('shows amounts in dollars', () => {
    expect(formatCharge(4.99)).toBe('$4.99');
    expect(formatCharge(19.99)).toBe('$19.99');
  });
});

describe('score trend (issue 18)', () => {
  const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`;
  const r = (day: number, overallScore: number | null, recheck = day > 16): ListingReport => ({
    id: `r${day}`,
    stripeSessionId: '',
    planType: 'basic',
    createdAt: at(day),
    overallScore,
    ...(recheck ? { recheckOf: 'r16' } : {}),
  });

  it('says up, down or unchanged since the first report', () => {
    expect(scoreTrend([r(16, 52), r(20, 63), r(25, 71)])?.sentence).toBe('Listing score 71/100 · up 19 since your first report on November 16, 2026');
    expect(scoreTrend([r(16, 80), r(20, 74)])?.sentence).toBe('Listing score 74/100 · down 6 since your first report on November 16, 2026');
    expect(scoreTrend([r(16, 60), r(20, 60)])?.sentence).toBe('Listing score 60/100 · unchanged since your first report on November 16, 2026');
    expect(scoreTrend([r(16, 52), r(20, 63), r(25, 71)])).toMatchObject({ direction: 'up', latest: 71, spoken: 'Listing score over time: 52, 63, 71' });
  });

  it('says "1 report so far" for one report', () => {
    expect(scoreTrend([r(16, 45)])).toMatchObject({ sentence: 'Listing score 45/100 · 1 report so far', direction: 'single', scores: [45] });
  });

  it('leaves reports without a score out; none scored says nothing', () => {
    expect(scoreTrend([r(16, 80), r(18, null), r(20, 74)])?.spoken).toBe('Listing score over time: 80, 74');
    expect(scoreTrend([r(16, null), r(18, 50), r(20, 58)])?.sentence).toBe('Listing score 58/100 · up 8 since your re-check on November 18, 2026');
    expect(scoreTrend([r(16, null), r(20, 58)])?.sentence).toBe('Listing score 58/100 · from your re-check on November 20, 2026');
    expect(scoreTrend([r(16, null), r(20, null)])).toBeNull();
    expect(scoreTrend([])).toBeNull();
  });
});
