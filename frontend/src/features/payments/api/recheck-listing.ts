import { type ApiClient } from '@/lib/api-client';

/** POST /api/optimizations/{id}/recheck: a free re-check of the host's bought report; the new report's order id. */
export async function recheckListing(api: ApiClient, optimizationId: string): Promise<string> {
  const body = await api.post<{ optimization_id?: unknown }>(`/optimizations/${encodeURIComponent(optimizationId)}/recheck`, {});
  if (typeof body.optimization_id !== 'string' || body.optimization_id === '') throw new Error('The re-check was not started. Please try again.');
  return body.optimization_id;
}
