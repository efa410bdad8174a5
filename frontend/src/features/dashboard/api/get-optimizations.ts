import { type ApiClient } from '@/lib/api-client';
import { type OptimizationsPage, type OptimizationsResponse } from '@/types/api';

/** GET /api/optimizations?page=N — the caller's optimizations, newest first, 5 per page. */
export async function getOptimizations(api: ApiClient, page: number, signal?: AbortSignal): Promise<OptimizationsPage> {
  const response = await api.get<OptimizationsResponse>(`/optimizations?page=${page}`, { signal });
  return { items: response.items, page: response.page, pageSize: response.pageSize, total: response.total };
}
