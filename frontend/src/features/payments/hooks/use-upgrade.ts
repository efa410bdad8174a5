import { useCallback, useState } from 'react';
import { useApiClient } from '@/lib/api-client';
import { createUpgradeSession } from '../api/create-upgrade-session';
import { resultErrorMessage } from '../api/get-optimization-result';

export type UpgradeState = { status: 'idle' } | { status: 'starting' } | { status: 'error'; message: string };

/**
 * Starts the upgrade of one order: to Stripe's checkout for the difference, or — payments
 * off, the upgrade already made — `onUpgraded` (reload the report).
 */
export function useUpgrade(onUpgraded: () => void, go: (url: string) => void = (url) => window.location.assign(url)) {
  const api = useApiClient();
  const [state, setState] = useState<UpgradeState>({ status: 'idle' });
  const start = useCallback(
    (optimizationId: string) => {
      setState({ status: 'starting' });
      createUpgradeSession(api, optimizationId).then(
        ({ checkoutUrl }) => {
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
