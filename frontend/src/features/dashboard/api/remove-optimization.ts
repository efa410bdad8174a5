import { type ApiClient } from '@/lib/api-client';

/** DELETE /api/optimizations/{id}: the host removes an order they never paid for. */
export async function removeOptimization(api: ApiClient, id: string): Promise<void> {
  await api.delete(`/optimizations/${encodeURIComponent(id)}`);
}
