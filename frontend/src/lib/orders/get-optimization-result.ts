import { ApiError, NETWORK_ERROR_MESSAGE, type ApiClient } from '@/lib/api-client';
import { INVALID_JSON_PREFIX, RESULTS_FETCH_FAILED_MESSAGE } from '@/lib/messages';
import { isPlanId, type PlanId } from '@/lib/plans';
import { type Refund } from '@/types/api';
import { type EndedOrder } from './money';
import { readShare, type ShareInfo } from './share-report';
import { validateReport } from '@/types/report-validate';
import { readWatch, type Watch } from '@/lib/watch/watch';
import { isResultStage, type OptimizationResult, type ResultStage } from '../report/read';
import {
  type HttpapiCompletedResult,
  type HttpapiEndedResult,
  type HttpapiPendingResult,
  type HttpapiRecheckBody,
  type HttpapiRefundBody,
  type HttpapiUpgradeBody,
} from '@/types/result-envelope';

/** Where a running job is; each field null until the server says. */
export interface ResultProgress {
  stage: ResultStage | null;
  /** 0–100. */
  progress: number | null;
  packageType: PlanId | null;
  /** false while the payment is not confirmed; null when the server did not say. */
  paid: boolean | null;
  /** The open checkout's page (Resume checkout) while unpaid. */
  checkoutUrl: string | null;
}

/** What the results screen offers and says about upgrading a Basic report. */
export interface UpgradeInfo {
  available: boolean;
  amount: number;
  /** open, paid, completed, refunded — absent when none was bought. */
  status: string | null;
  failureReason: string | null;
  refund: Refund | null;
  /** Why Premium is not offered for this listing (the server's report.OfferFor), when it is not. */
  notOffered?: string;
  /** What Premium delivers for this listing, when it is offered (the same words the form showed). */
  delivers?: string[];
}

/** What the results screen offers and says about free re-checks of the bought report. */
export interface RecheckInfo {
  available: boolean;
  used: number;
  limit: number;
  /** When the free re-checks end (ISO). */
  endsAt: string;
  /** The bought report, where re-checks count (the one to re-check). */
  of: string;
  /** The report shown is itself a re-check. */
  isRecheck: boolean;
}

/** A finished report and what its page offers beside it. */
export interface CompletedResult {
  status: 'completed';
  result: OptimizationResult;
  orderId: string | null;
  upgrade: UpgradeInfo | null;
  recheck: RecheckInfo | null;
  share: ShareInfo | null;
  /** The bought report's watch (issue 45), on its page and its re-checks'; null when it has none. */
  watch: Watch | null;
  /** Premium: the PDF is owed (storage failed) and being made again; no link yet. */
  pdfPending: boolean;
  /**
   * A page the server drew from the session cookie, whose PDF and share links (which the
   * server never puts in such a page) are being asked for with the ID token.
   */
  linksPending?: boolean;
}

export type ResultPoll =
  | ({ status: 'running' } & ResultProgress)
  | CompletedResult
  /** Failed, refunded or expired: the failure screen, not a load error. */
  | { status: 'ended'; order: EndedOrder };

/** An answer that is not the result response: not JSON, or JSON of another shape. */
export class ResultResponseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ResultResponseError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An answer's fields as the server's types name them (types/result-envelope.ts, generated from
 * backend/httpapi), each still to be checked: a page may meet an older or newer server, so every
 * read below is tolerant, but a field the server renames fails the typecheck here.
 */
type Fields<T> = { readonly [K in keyof T]?: unknown };


function emptyBodyParseMessage(): string {
  try {
    JSON.parse('');
  } catch (error) {
    if (error instanceof Error) return error.message;
  }
  return 'Unexpected end of JSON input';
}

/**
 * GET /api/get-optimization-result/{session_id} (SPEC §7) — owner only, so it carries the
 * ID token (and the JSON Accept / Content-Type headers, as every call does). Answers:
 *  - 200 {success: true, status: "pending" | "processing", stage, progress, package_type} → running;
 *  - 200 {success: true, status: "completed", data} → completed, with the report;
 *  - 200 {success: false, status: "failed", error}, any {success: false}, or non-OK → an ApiError
 *    (the api client's), carrying the server's `error` when there is one;
 *  - an OK body that does not parse, or that is not this shape → a ResultResponseError (a report
 *    that fails its schema check carries the problems, one a line, as its cause).
 * A status this client does not know yet counts as running (the poll is bounded anyway).
 */
export async function getOptimizationResult(api: ApiClient, sessionId: string, signal?: AbortSignal): Promise<ResultPoll> {
  let body: unknown;
  try {
    body = await api.get<unknown>(`/get-optimization-result/${encodeURIComponent(sessionId)}`, { signal });
  } catch (error) {
    const order = error instanceof ApiError && error.kind === 'unsuccessful' ? readEndedOrder(error.body) : null;
    if (order) return { status: 'ended', order };
    throw error;
  }
  if (body === undefined) throw new ResultResponseError(`${INVALID_JSON_PREFIX}${emptyBodyParseMessage()}`);
  return readResultAnswer(body);
}

/**
 * An OK answer of the result endpoint, read as getOptimizationResult does: the answer the
 * server drew a report page with (drawn-result.ts) is read the same way.
 */
export function readResultAnswer(answer: unknown): ResultPoll {
  const body = isRecord(answer) ? (answer as Fields<HttpapiCompletedResult & HttpapiPendingResult & Pick<HttpapiEndedResult, 'error'>>) : null;
  if (body?.success !== true) throw new ResultResponseError(RESULTS_FETCH_FAILED_MESSAGE);

  if (body.status === 'completed') {
    const report = validateReport(body.data);
    if (!report.ok) throw new ResultResponseError(RESULTS_FETCH_FAILED_MESSAGE, { cause: new Error(report.problems.join('\n')) });
    return {
      status: 'completed',
      result: report.report,
      orderId: typeof body.order_id === 'string' ? body.order_id : null,
      upgrade: readUpgrade(body.upgrade),
      recheck: readRecheck(body.recheck),
      share: readShare(body.share),
      watch: readWatch(body.watch),
      pdfPending: body.pdf_pending === true,
    };
  }
  if (body.status === 'failed') {
    // The contract sends failures with success: false; be as clear if one comes with true.
    const reason = typeof body.error === 'string' && body.error.trim() !== '' ? body.error : RESULTS_FETCH_FAILED_MESSAGE;
    throw new ResultResponseError(reason);
  }

  const packageType = typeof body.package_type === 'string' ? body.package_type.toLowerCase() : null;
  const progress = typeof body.progress === 'number' && Number.isFinite(body.progress) ? Math.min(100, Math.max(0, body.progress)) : null;
  return {
    status: 'running',
    stage: isResultStage(body.stage) ? body.stage : null,
    progress,
    packageType: isPlanId(packageType) ? packageType : null,
    paid: typeof body.paid === 'boolean' ? body.paid : null,
    checkoutUrl: typeof body.checkout_url === 'string' && body.checkout_url.startsWith('https://') ? body.checkout_url : null,
  };
}

function readRefund(body: unknown): Refund | null {
  const value = isRecord(body) ? (body as Fields<HttpapiRefundBody>) : null;
  if (value === null || typeof value.amount !== 'number' || typeof value.refunded_at !== 'string') return null;
  return { amount: value.amount, refunded_at: value.refunded_at, ...(value.nothing_charged === true ? { nothing_charged: true } : {}) };
}

/** An ended order's answer ({success: false, status, error, order_id, amount, paid, refund}), or null for any other. */
export function readEndedOrder(answer: unknown): EndedOrder | null {
  const body = isRecord(answer) ? (answer as Fields<HttpapiEndedResult>) : null;
  if (body === null || typeof body.status !== 'string' || !ENDED.has(body.status) || typeof body.order_id !== 'string') return null;
  return {
    status: body.status,
    reason: typeof body.error === 'string' ? body.error : '',
    orderId: body.order_id,
    amount: typeof body.amount === 'number' ? body.amount : 0,
    paid: body.paid === true,
    ...(body.nothing_charged === true ? { nothingCharged: true } : {}),
    refund: readRefund(body.refund),
    recheckOf: typeof body.recheck_of === 'string' && body.recheck_of !== '' ? body.recheck_of : undefined,
  };
}

const ENDED = new Set(['failed', 'refunded', 'expired']);

export function readRecheck(body: unknown): RecheckInfo | null {
  const value = isRecord(body) ? (body as Fields<HttpapiRecheckBody>) : null;
  if (value === null || typeof value.of !== 'string' || value.of === '' || typeof value.limit !== 'number') return null;
  return {
    available: value.available === true,
    used: typeof value.used === 'number' ? value.used : 0,
    limit: value.limit,
    endsAt: typeof value.ends_at === 'string' ? value.ends_at : '',
    of: value.of,
    isRecheck: value.is_recheck === true,
  };
}

function readUpgrade(body: unknown): UpgradeInfo | null {
  const value = isRecord(body) ? (body as Fields<HttpapiUpgradeBody>) : null;
  if (value === null || typeof value.amount !== 'number') return null;
  return {
    available: value.available === true,
    amount: value.amount,
    status: typeof value.status === 'string' ? value.status : null,
    failureReason: typeof value.failure_reason === 'string' ? value.failure_reason : null,
    refund: readRefund(value.refund),
    ...(typeof value.not_offered === 'string' && value.not_offered ? { notOffered: value.not_offered } : {}),
    ...(Array.isArray(value.delivers) && value.delivers.every((d) => typeof d === 'string') && value.delivers.length > 0
      ? { delivers: value.delivers }
      : {}),
  };
}

/**
 * The message the error state shows (SPEC §8):
 *  - a body that does not parse → "Invalid JSON response: <the parser's message>";
 *  - the server's own `error` (a failed job's reason a host can read, 401, 404, …) when it sent one;
 *  - no answer at all → the plain network message;
 *  - otherwise "Failed to fetch payment results.".
 */
export function resultErrorMessage(error: unknown): string {
  if (error instanceof ResultResponseError) return error.message;
  if (error instanceof ApiError) {
    if (error.kind === 'invalid-response') {
      const parserMessage = error.cause instanceof Error ? error.cause.message : error.message.replace(INVALID_JSON_PREFIX, '');
      return `${INVALID_JSON_PREFIX}${parserMessage}`;
    }
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'network') return NETWORK_ERROR_MESSAGE;
  }
  return RESULTS_FETCH_FAILED_MESSAGE;
}
