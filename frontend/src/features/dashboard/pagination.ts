import { DASHBOARD_PAGE_SIZE } from './constants';

/** Number of pages for `total` results (at least 1). */
export function pageCount(total: number, pageSize = DASHBOARD_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Reads ?page=: a whole number from 1; anything else is page 1. */
export function parsePageParam(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** SPEC §2: "Showing x to y of n results" (1-based, inclusive). */
export function resultsSummary(page: number, total: number, pageSize = DASHBOARD_PAGE_SIZE): string {
  if (total <= 0) return 'Showing 0 to 0 of 0 results';
  const from = Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} results`;
}

export type PageItem = number | 'gap';

/**
 * The numbered page controls: every page when there are at most 7, else the first,
 * the last and the current one with its neighbours, with gaps between.
 */
export function pageItems(current: number, count: number): PageItem[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const pages = new Set([1, count, current - 1, current, current + 1]);
  if (current <= 3) [2, 3, 4].forEach((p) => pages.add(p));
  if (current >= count - 2) [count - 3, count - 2, count - 1].forEach((p) => pages.add(p));
  const sorted = [...pages].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous > 1) items.push('gap');
    items.push(p);
  });
  return items;
}
