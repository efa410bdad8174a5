/**
 * Display formats. SPEC §2: dashboard dates are in US English; one format is used
 * everywhere ("January 5, 2026"), in the visitor's time zone.
 */

export const DATE_FORMAT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/** "January 5, 2026"; "—" for a missing or unreadable date. */
export function formatDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', timeZone ? { ...DATE_FORMAT, timeZone } : DATE_FORMAT);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$4.99". */
export function formatAmount(amount: number): string {
  return usd.format(amount);
}
