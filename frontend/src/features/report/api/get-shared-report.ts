import { type ApiClient } from '@/lib/api-client';
import { type OptimizationResult } from '@/lib/report/read';
import { validateReport } from '@/types/report-validate';

/** A report opened through its share link. */
export interface SharedReport {
  result: OptimizationResult;
  /** When the report was made (ISO). */
  reportDate: string;
  /** When the link stops working (ISO). */
  sharedUntil: string;
}

/** The server's answer for a link that is ended, expired or wrong (sharelink.MsgUnavailable). */
export const SHARE_UNAVAILABLE_MESSAGE =
  'This shared report is no longer available. The link has expired or its owner stopped sharing it; ask them for a new link.';

/**
 * POST /api/shared {token}: public, no account. The token goes in the body, never in an API
 * URL, which the hosting platform's request log records. A link that no longer works is an
 * ApiError (404) with the server's message.
 */
export async function getSharedReport(api: ApiClient, token: string, signal?: AbortSignal): Promise<SharedReport> {
  const body = await api.post<Record<string, unknown>>('/shared', { token }, { signal, auth: false });
  const report = validateReport(body.data);
  if (!report.ok || typeof body.report_date !== 'string' || typeof body.shared_until !== 'string') {
    throw new Error(SHARE_UNAVAILABLE_MESSAGE, report.ok ? {} : { cause: new Error(report.problems.join('\n')) });
  }
  return { result: report.report, reportDate: body.report_date, sharedUntil: body.shared_until };
}
