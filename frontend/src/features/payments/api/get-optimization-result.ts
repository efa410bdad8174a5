import { ApiError, NETWORK_ERROR_MESSAGE, type ApiClient } from '@/lib/api-client';
import { INVALID_JSON_PREFIX, RESULTS_FETCH_FAILED_MESSAGE } from '@/lib/messages';
import { isPlanId, type PlanId } from '@/lib/plans';
import { isResultStage, readOptimizationResult, type OptimizationResult, type ResultStage } from '../types';

/** Where a running job is; each field null until the server says. */
export interface ResultProgress {
  stage: ResultStage | null;
  /** 0–100. */
  progress: number | null;
  packageType: PlanId | null;
}

export type ResultPoll = ({ status: 'running' } & ResultProgress) | { status: 'completed'; result: OptimizationResult };

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
 *  - an OK body that does not parse, or that is not this shape → a ResultResponseError.
 * A status this client does not know yet counts as running (the poll is bounded anyway).
 */
export async function getOptimizationResult(api: ApiClient, sessionId: string, signal?: AbortSignal): Promise<ResultPoll> {
  const body = await api.get<unknown>(`/get-optimization-result/${encodeURIComponent(sessionId)}`, { signal });
  if (body === undefined) throw new ResultResponseError(`${INVALID_JSON_PREFIX}${emptyBodyParseMessage()}`);
  if (!isRecord(body) || body.success !== true) throw new ResultResponseError(RESULTS_FETCH_FAILED_MESSAGE);

  if (body.status === 'completed') {
    const result = readOptimizationResult(body.data);
    if (!result) throw new ResultResponseError(RESULTS_FETCH_FAILED_MESSAGE);
    return { status: 'completed', result };
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
