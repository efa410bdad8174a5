/**
 * What a host can do with an order besides reading it, wherever it is offered (the report page's
 * offers in the orders feature, the dashboard's rows and listing cards): upgrade a Basic report
 * to Premium and re-check a bought one. Each call's state is one ActionState.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { type ApiClient, useApiClient } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { resultErrorMessage, type RecheckInfo } from './get-optimization-result';

/** An action's progress: idle, waiting for the server, or its refusal in words. */
export type ActionState = { status: 'idle' } | { status: 'starting' } | { status: 'error'; message: string };

/** POST /api/create-upgrade-session: Stripe's checkout page for the difference; null when payments are off (the upgrade is already made). */
async function createUpgradeSession(api: ApiClient, optimizationId: string): Promise<string | null> {
  const body = await api.post<{ checkout_url?: unknown }>('/create-upgrade-session', { optimization_id: optimizationId });
  const url = body.checkout_url;
  return typeof url === 'string' && url !== '' ? url : null;
}

/** POST /api/optimizations/{id}/recheck: a free re-check of the host's bought report; the new report's order id. */
async function recheckListing(api: ApiClient, optimizationId: string): Promise<string> {
  const body = await api.post<{ optimization_id?: unknown }>(`/optimizations/${encodeURIComponent(optimizationId)}/recheck`, {});
  if (typeof body.optimization_id !== 'string' || body.optimization_id === '') throw new Error('The re-check was not started. Please try again.');
  return body.optimization_id;
}

/**
 * Starts the upgrade of one order: to Stripe's checkout for the difference, or — payments
 * off, the upgrade already made — `onUpgraded` (reload the report).
 */
export function useUpgrade(onUpgraded: () => void, go: (url: string) => void = (url) => window.location.assign(url)) {
  const api = useApiClient();
  const [state, setState] = useState<ActionState>({ status: 'idle' });
  const start = useCallback(
    (optimizationId: string) => {
      setState({ status: 'starting' });
      createUpgradeSession(api, optimizationId).then(
        (checkoutUrl) => {
          if (checkoutUrl) {
            go(checkoutUrl);
            return;
          }
          setState({ status: 'idle' });
          onUpgraded();
        },
        (error: unknown) => {
          setState({ status: 'error', message: resultErrorMessage(error) });
        },
      );
    },
    [api, go, onUpgraded],
  );
  return { state, start };
}

/** Starts a free re-check of a bought report and opens the new report's page, which waits for it. */
export function useRecheck() {
  const api = useApiClient();
  const navigate = useNavigate();
  const [state, setState] = useState<ActionState>({ status: 'idle' });
  const start = useCallback(
    (optimizationId: string) => {
      setState({ status: 'starting' });
      recheckListing(api, optimizationId).then(
        (id) => {
          setState({ status: 'idle' });
          navigate(`/payment-success?session_id=${encodeURIComponent(id)}`);
        },
        (error: unknown) => setState({ status: 'error', message: resultErrorMessage(error) }),
      );
    },
    [api, navigate],
  );
  return { state, start };
}

/** "2 of 3 free re-checks left, until December 26, 2026." */
export function recheckAllowance(r: RecheckInfo): string {
  const left = Math.max(0, r.limit - r.used);
  if (left === 0) return `You have used the ${r.limit} free re-checks of this report.`;
  return `${left} of ${r.limit} free re-checks left, until ${formatDate(r.endsAt)}.`;
}
