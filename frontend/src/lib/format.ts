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

/**
 * The one money format: an amount in its currency by Intl.NumberFormat — "$22,302" in whole units
 * (the report's figures) or, with `cents`, "$4.99" (prices and charges). A currency that is not
 * named is never shown as dollars: the figure is given without a sign (Inside Airbnb's prices are
 * in the city's own currency, which a report then could not name).
 */
export function formatMoney(value: number, currency: string | undefined, { cents = false } = {}): string {
  const digits = cents ? {} : { maximumFractionDigits: 0 };
  if (!currency) return value.toLocaleString('en-US', digits);
  try {
    return value.toLocaleString('en-US', { style: 'currency', currency, ...digits });
  } catch {
    return `${value.toLocaleString('en-US', digits)} ${currency}`;
  }
}
