import { createApiClient } from '@/lib/api-client';
import { type SignInRecord } from '@/lib/auth/auth-provider';
import { config } from '@/lib/config';
import { type Customer, type CustomerResponse } from '@/types/api';

/**
 * POST /api/me — records a sign-in (SPEC §4): the server creates or updates the
 * customer profile with the latest e-mail (from the verified token), name and last
 * login time. The name goes in the body because a new account's first token predates it.
 */
export async function recordSignIn(record: SignInRecord, fetchImpl?: typeof fetch): Promise<Customer> {
  const api = createApiClient({ baseUrl: config.apiBase, getIdToken: record.getIdToken, fetch: fetchImpl });
  const body = record.displayName?.trim() ? { displayName: record.displayName.trim() } : {};
  const response = await api.post<CustomerResponse>('/me', body);
  return response.customer;
}
