/**
 * The dashboard's counts, each defined once (issue 43: "Total optimizations 8" beside a list
 * badge "9 in total" read as a contradiction).
 *  - "Total optimizations" (SPEC §2, the customer's totalOptimizations of SPEC §3): the reports
 *    the host paid for — a purchase adds one; free re-checks and checkouts never paid add none.
 *  - The list (SPEC §2 "Showing x to y of n results"): every order the host started, paid or not.
 * Where the two differ, the list says why, naming both numbers.
 */
export const TOTAL_OPTIMIZATIONS_LABEL = 'Total optimizations';
export const TOTAL_OPTIMIZATIONS_HINT = 'Reports you paid for';

const orders = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

/** The line under "Your optimizations": what its rows are, and how they relate to Total optimizations. */
export function ordersNote(rows: number, paid: number): string {
  if (rows === paid) return `Every order you started: ${orders(rows)}, all paid for.`;
  return `Every order you started, paid or not: ${orders(rows)}. ${TOTAL_OPTIMIZATIONS_LABEL} counts the ${paid} you paid for; free re-checks and checkouts not finished are not counted.`;
}
