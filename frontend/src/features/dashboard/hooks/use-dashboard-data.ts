import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, useApiClient } from '@/lib/api-client';
import { type Customer, type OptimizationsPage } from '@/types/api';
import { getCustomer } from '../api/get-customer';
import { getListings, type Listing } from '../api/get-listings';
import { getOptimizations } from '../api/get-optimizations';
import { DASHBOARD_PAGE_SIZE } from '../constants';

export type CustomerState =
  | { status: 'loading' }
  | { status: 'success'; customer: Customer }
  | { status: 'error'; message: string };

type Keyed<T> = T & { key: string };

/**
 * The message the error state shows: the server's own, or our plain network message;
 * "" (the SPEC fallback "Failed to load customer data") when there is neither.
 */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? (error.status === 0 ? error.message : '');
  return '';
}

/** The signed-in user's profile (GET /api/me). A failure is the dashboard's error state. */
export function useCustomer(uid: string): CustomerState {
  const api = useApiClient();
  const [result, setResult] = useState<Keyed<CustomerState> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getCustomer(api, controller.signal).then(
      (customer) => {
        setResult({ key: uid, status: 'success', customer });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ key: uid, status: 'error', message: messageOf(error) });
      },
    );
    return () => {
      controller.abort();
    };
  }, [api, uid]);

  if (result?.key !== uid) return { status: 'loading' };
  return result;
}

export interface OptimizationsState {
  /** True until the page asked for has arrived. */
  loading: boolean;
  /** The page asked for; while loading, the previous page shown (or null at first). */
  data: OptimizationsPage | null;
}

export function emptyPage(page: number): OptimizationsPage {
  return { items: [], page, pageSize: DASHBOARD_PAGE_SIZE, total: 0 };
}

/**
 * One page of the user's optimizations. SPEC §8: "A failed fetch of a customer's
 * optimization list returns an empty list", so an error gives an empty page.
 */
export function useOptimizations(uid: string, page: number): OptimizationsState & { reload: () => void } {
  const api = useApiClient();
  const [version, setVersion] = useState(0);
  const key = `${uid}:${page}:${version}`;
  const [result, setResult] = useState<Keyed<{ data: OptimizationsPage }> | null>(null);
  // Where each page starts (the previous page's nextCursor), for the pages seen so far:
  // Next, Previous and any page already visited read only their own rows.
  const cursors = useRef(new Map<string, string>());

  useEffect(() => {
    const controller = new AbortController();
    getOptimizations(api, page, cursors.current.get(key), controller.signal).then(
      (data) => {
        if (data.nextCursor) cursors.current.set(`${uid}:${page + 1}:${version}`, data.nextCursor);
        setResult({ key, data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('ListingLift: loading the optimization list failed; showing an empty list', error);
        setResult({ key, data: emptyPage(page) });
      },
    );
    return () => {
      controller.abort();
    };
  }, [api, key, page, uid, version]);

  // A row removed: read the list again (cursors of the old list no longer hold).
  const reload = useCallback(() => {
    cursors.current.clear();
    setVersion((v) => v + 1);
  }, []);
  return { loading: result?.key !== key, data: result?.data ?? null, reload };
}

export type ListingsState =
  | { status: 'loading' }
  | { status: 'success'; listings: Listing[] }
  | { status: 'error'; message: string };

/**
 * The host's listings with their score trends (GET /api/listings). A failure is this
 * section's own error state (with its own Try again): the order list does not depend on it.
 */
export function useListings(uid: string): ListingsState & { reload: () => void } {
  const api = useApiClient();
  const [version, setVersion] = useState(0);
  const key = `${uid}:${version}`;
  const [result, setResult] = useState<Keyed<ListingsState> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getListings(api, controller.signal).then(
      (listings) => {
        setResult({ key, status: 'success', listings });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('ListingLift: loading the listings failed', error);
        setResult({ key, status: 'error', message: messageOf(error) });
      },
    );
    return () => {
      controller.abort();
    };
  }, [api, key]);

  const reload = useCallback(() => {
    setVersion((v) => v + 1);
  }, []);
  if (result?.key !== key) return { status: 'loading', reload };
  return { ...result, reload };
}
