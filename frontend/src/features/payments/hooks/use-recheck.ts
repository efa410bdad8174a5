import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiClient } from '@/lib/api-client';
import { resultErrorMessage } from '../api/get-optimization-result';
import { recheckListing } from '../api/recheck-listing';

export type RecheckState = { status: 'idle' } | { status: 'starting' } | { status: 'error'; message: string };

/** Starts a free re-check of a bought report and opens the new report's page, which waits for it. */
export function useRecheck() {
  const api = useApiClient();
  const navigate = useNavigate();
  const [state, setState] = useState<RecheckState>({ status: 'idle' });
  const start = useCallback(
    (optimizationId: string) => {
      setState({ status: 'starting' });
      recheckListing(api, optimizationId).then(
        (id) => {
          setState({ status: 'idle' });
          void navigate(`/payment-success?session_id=${encodeURIComponent(id)}`);
        },
        (error: unknown) => setState({ status: 'error', message: resultErrorMessage(error) }),
      );
    },
    [api, navigate],
  );
  return { state, start };
}
