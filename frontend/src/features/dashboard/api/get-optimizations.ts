import { type ApiClient } from '@/lib/api-client';
import { type OptimizationsPage, type OptimizationsResponse } from '@/types/api';

/**
 * GET /api/optimizations?page=N[&after=CURSOR] — the caller's optimizations, newest first,
 * 5 per page. `after` is the previous page's nextCursor: with it the server reads only
 * this page's rows instead of every earlier page again.
 */
export async function getOptimizations(
  api: ApiClient,
  page: number,
  after?: string,
  signal?: AbortSignal,
): Promise<OptimizationsPage> {
  const query = after ? `page=${page}&after=${encodeURIComponent(after)}` : `page=${page}`;
  const response = await api.get<OptimizationsResponse>(`/optimizations?${query}`, { signal });
  return {
    items: response.items,
    page: response.page,
    pageSize: response.pageSize,
    total: response.total,
    ...(response.nextCursor ? { nextCursor: response.nextCursor } : {}),
  };
}
