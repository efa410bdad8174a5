import { useCallback, useRef } from 'react';
import { ApiError, useApiClient } from '@/lib/api-client';
import { useFetch } from '@/lib/use-fetch';
import { type Customer, type OptimizationsPage } from '@/types/api';
import { getCustomer } from '../api/get-customer';
import { getListings, type Listing } from '../api/get-listings';
import { getOptimizations } from '../api/get-optimizations';

/** A dashboard read: loading, its value, or the message its error state shows. */
export type Loaded<T> = { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; message: string };

/**
 * The message an error state shows: the server's own, or our plain network message;
 * "" (the screen's own fallback, e.g. SPEC's "Failed to load customer data") when there is neither.
 */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? (error.status === 0 ? error.message : '');
  return '';
}

function loaded<T>(state: ReturnType<typeof useFetch<T>>): Loaded<T> {
  if (state.status === 'error') return { status: 'error', message: messageOf(state.error) };
  return state.status === 'success' ? { status: 'success', data: state.data } : { status: 'loading' };
}

/** The signed-in user's profile (GET /api/me). A failure is the dashboard's error state. */
export function useCustomer(uid: string): Loaded<Customer> {
  const api = useApiClient();
  return loaded(useFetch(uid, (signal) => getCustomer(api, signal)));
}

/**
 * One page of the user's optimizations. A failure is the list's own error state with Try Again:
 * an empty list would tell a host with paid reports they have none (SPEC §8 says "returns an
 * empty list"; docs/SPEC-DEVIATIONS.md says why we do not). `previous` is the page shown while
 * the next one loads.
 */
export function useOptimizations(uid: string, page: number): Loaded<OptimizationsPage> & { previous: OptimizationsPage | null; reload: () => void } {
  const api = useApiClient();
  // Where each page starts (the previous page's nextCursor), for the pages seen so far:
  // Next, Previous and any page already visited read only their own rows.
  const cursors = useRef(new Map<string, string>());
  const state = useFetch(`${uid}:${page}`, async (signal) => {
    const data = await getOptimizations(api, page, cursors.current.get(`${uid}:${page}`), signal);
    if (data.nextCursor) cursors.current.set(`${uid}:${page + 1}`, data.nextCursor);
    return data;
  });
  const { reload: fetchAgain, last } = state;
  // A row removed: read the list again (cursors of the old list no longer hold).
  const reload = useCallback(() => {
    cursors.current.clear();
    fetchAgain();
  }, [fetchAgain]);
  return { ...loaded(state), previous: last, reload };
}

/**
 * The host's listings with their score trends (GET /api/listings). A failure is this
 * section's own error state (with its own Try Again): the order list does not depend on it.
 */
export function useListings(uid: string): Loaded<Listing[]> & { reload: () => void } {
  const api = useApiClient();
  const state = useFetch(uid, (signal) => getListings(api, signal));
  return { ...loaded(state), reload: state.reload };
}
