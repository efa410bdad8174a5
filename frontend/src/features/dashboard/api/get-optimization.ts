import { type ApiClient } from '@/lib/api-client';
import { type Optimization, type OptimizationResponse } from '@/types/api';

/** GET /api/optimizations/{id} — one of the caller's optimizations (404 for anyone else's). */
export async function getOptimization(api: ApiClient, id: string, signal?: AbortSignal): Promise<Optimization> {
  const response = await api.get<OptimizationResponse>(`/optimizations/${encodeURIComponent(id)}`, { signal });
  return response.optimization;
}
