import { useCallback, useEffect, useState } from 'react';
import { ApiError, useApiClient } from '@/lib/api-client';
import { getOptimizationResult, resultErrorMessage, type CompletedResult, type ResultProgress } from '@/lib/orders/get-optimization-result';
import { MAX_NETWORK_RETRIES, MAX_POLL_DURATION_MS, POLL_INTERVAL_MS } from '../loading';
import { type EndedOrder } from '@/lib/orders/money';

export type ResultState =
  /** Waiting for the report; `progress` is the server's last word on the job, if any. */
  | { status: 'waiting'; progress: ResultProgress | null }
  | CompletedResult
  /** The order ended without a report (failed, refunded, expired). */
  | { status: 'ended'; order: EndedOrder }
  | { status: 'error'; message: string }
  /** Still not done after MAX_POLL_DURATION_MS: polling stopped until the host asks again. */
  | { status: 'timeout' };

type Keyed = ResultState & { key: string };

const WAITING: ResultState = { status: 'waiting', progress: null };

/**
 * Polls GET /api/get-optimization-result/{sessionId} every POLL_INTERVAL_MS (one request
 * at a time) until the report is completed or failed, for at most MAX_POLL_DURATION_MS.
 * Any error answer ends the poll with its message (resultErrorMessage); only "no answer
 * at all" is retried, up to MAX_NETWORK_RETRIES times in a row. Stops on unmount, when
 * `enabled` turns false, and when the user or session changes. `userKey` identifies the
 * signed-in user (the result is owner-only). `drawn`: the finished report the server drew the
 * page with (drawn-result.ts), shown at once. The server draws it without the PDF and share
 * links (a page drawn from a cookie must not carry them), so once the host is signed in the
 * answer is asked for once, with the ID token, and replaces the drawn one when it is the
 * finished report; until then (or if asking fails) the drawn one shows, `linksPending`.
 */
export function useOptimizationResult(
  sessionId: string,
  userKey: string,
  enabled: boolean,
  drawn: CompletedResult | null = null,
): ResultState & { retry: () => void } {
  const api = useApiClient();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Keyed | null>(null);
  const key = `${userKey}\n${sessionId}\n${attempt}`;
  const showDrawn = drawn !== null && attempt === 0;

  // The drawn report's links: one request, once signed in.
  useEffect(() => {
    if (!enabled || !showDrawn) return;
    const controller = new AbortController();
    getOptimizationResult(api, sessionId, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted && answer.status === 'completed') setState({ key, ...answer });
      },
      () => {
        // The drawn report stays; reloading the page asks again.
      },
    );
    return () => controller.abort();
  }, [api, sessionId, enabled, showDrawn, key]);

  useEffect(() => {
    if (!enabled || showDrawn) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    let networkFailures = 0;

    const poll = async () => {
      try {
        const answer = await getOptimizationResult(api, sessionId, controller.signal);
        if (controller.signal.aborted) return;
        networkFailures = 0;
        if (answer.status === 'completed') {
          setState({ key, ...answer });
          return;
        }
        if (answer.status === 'ended') {
          setState({ key, status: 'ended', order: answer.order });
          return;
        }
        const { stage, progress, packageType, paid, checkoutUrl } = answer;
        setState({ key, status: 'waiting', progress: { stage, progress, packageType, paid, checkoutUrl } });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.kind === 'network' && networkFailures < MAX_NETWORK_RETRIES) {
          networkFailures += 1;
        } else {
          setState({ key, status: 'error', message: resultErrorMessage(error) });
          return;
        }
      }
      if (Date.now() - started >= MAX_POLL_DURATION_MS) {
        setState({ key, status: 'timeout' });
        return;
      }
      timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };
    void poll();

    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, sessionId, enabled, showDrawn, key]);

  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
  }, []);

  const asked = state?.key === key ? state : null;
  const current: ResultState = showDrawn ? (asked?.status === 'completed' ? asked : { ...drawn, linksPending: true }) : (asked ?? WAITING);
  return { ...current, retry };
}
