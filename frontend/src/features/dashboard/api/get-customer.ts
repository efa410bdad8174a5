import { type ApiClient } from '@/lib/api-client';
import { type Customer, type CustomerResponse } from '@/types/api';

/** GET /api/me — the signed-in user's profile (404 until the first sign-in is recorded). */
export async function getCustomer(api: ApiClient, signal?: AbortSignal): Promise<Customer> {
  const response = await api.get<CustomerResponse>('/me', { signal });
  return response.customer;
}
