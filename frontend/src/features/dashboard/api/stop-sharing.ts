import { type ApiClient } from '@/lib/api-client';

/** DELETE /api/optimizations/{id}/share: the report's read-only link stops working at once. */
export async function stopSharing(api: ApiClient, id: string): Promise<void> {
  await api.delete(`/optimizations/${encodeURIComponent(id)}/share`);
}
