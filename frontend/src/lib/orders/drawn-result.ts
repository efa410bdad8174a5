import { readResultAnswer, type CompletedResult } from './get-optimization-result';

/** The id of the script element the server embeds the answer in (backend httpapi/reportpage.go). */
export const DRAWN_RESULT_ID = 'll-result';

/** A finished report the server drew its page with, and whose it is. */
export interface DrawnResult {
  uid: string;
  result: CompletedResult;
}

/**
 * The report the server drew this page with, for the order `sessionId`, or null. The server
 * draws a finished report's page for its owner, known by the session cookie, and embeds the
 * answer GET /api/get-optimization-result would give; the page shows it at once rather than
 * restoring the session and asking again. It is read exactly as that answer is, and only
 * for the order in the address (an answer for another order, or one that does not read,
 * is ignored: the page then asks as it always did).
 */
export function drawnResult(sessionId: string, doc: Document | null = typeof document === 'undefined' ? null : document): DrawnResult | null {
  // No document: the build drawing the page's frame (scripts/prerender.mjs).
  const script = doc?.getElementById(DRAWN_RESULT_ID);
  if (script?.getAttribute('type') !== 'application/json') return null;
  const uid = script.dataset.uid ?? '';
  if (!sessionId || script.dataset.session !== sessionId || !uid) return null;
  try {
    const answer = readResultAnswer(JSON.parse(script.textContent));
    return answer.status === 'completed' ? { uid, result: answer } : null;
  } catch {
    return null;
  }
}
