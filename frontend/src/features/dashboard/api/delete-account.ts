import { type ApiClient } from '@/lib/api-client';

/** What DELETE /api/me deleted. */
export interface DeletedAccount {
  orders: number;
  pdfs: number;
  /** The account is closed and the rest of a large account is deleted within minutes by the server. */
  finishing: boolean;
}

/**
 * DELETE /api/me: deletes the host's account, orders, reports and PDFs, and their sign-in.
 * A paid report still being made answers 409 with a message to show (ApiError).
 */
export async function deleteAccount(api: ApiClient): Promise<DeletedAccount> {
  const body = await api.delete<{ deleted?: Partial<DeletedAccount>; finishing?: boolean }>('/me');
  return { orders: body.deleted?.orders ?? 0, pdfs: body.deleted?.pdfs ?? 0, finishing: body.finishing === true };
}
