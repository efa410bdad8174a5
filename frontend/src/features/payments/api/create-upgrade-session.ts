import { type ApiClient } from '@/lib/api-client';

export interface UpgradeSession {
  /** Stripe's checkout page for the difference; null when payments are off (the upgrade is already made). */
  checkoutUrl: string | null;
}

/** POST /api/create-upgrade-session: the Basic → Premium upgrade of the host's own finished Basic order. */
export async function createUpgradeSession(api: ApiClient, optimizationId: string): Promise<UpgradeSession> {
  const body = await api.post<{ checkout_url?: unknown }>('/create-upgrade-session', { optimization_id: optimizationId });
  const url = body.checkout_url;
  return { checkoutUrl: typeof url === 'string' && url !== '' ? url : null };
}
