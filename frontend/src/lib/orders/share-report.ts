import { type ApiClient } from '@/lib/api-client';

/** A report's live read-only share link, as its owner sees it. */
export interface ShareInfo {
  /** A path on this site: /shared/{token}. */
  url: string;
  /** When the link stops working (ISO). */
  expiresAt: string;
}

export function readShare(value: unknown): ShareInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const { url, expires_at: expiresAt } = value as Record<string, unknown>;
  if (typeof url !== 'string' || !url.startsWith('/shared/') || typeof expiresAt !== 'string') return null;
  return { url, expiresAt };
}

/** POST /api/optimizations/{id}/share: the report's share link (the same one while it is live). */
export async function shareReport(api: ApiClient, optimizationId: string): Promise<ShareInfo> {
  const body = await api.post<{ share?: unknown }>(`/optimizations/${encodeURIComponent(optimizationId)}/share`, {});
  const share = readShare(body.share);
  if (!share) throw new Error('The share link was not made. Please try again.');
  return share;
}

/** DELETE /api/optimizations/{id}/share: every link to the report stops working at once. */
export async function stopSharing(api: ApiClient, optimizationId: string): Promise<void> {
  await api.delete(`/optimizations/${encodeURIComponent(optimizationId)}/share`);
}
