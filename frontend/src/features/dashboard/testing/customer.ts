import { type Customer } from '@/types/api';

/** A signed-in host's profile as GET /api/me answers it, for the dashboard's tests. */
export function sampleCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    uid: 'uid-ana',
    email: 'ana@example.com',
    displayName: 'Ana Host',
    createdAt: '2025-11-20T10:00:00Z',
    updatedAt: '2026-02-01T09:30:00Z',
    lastLoginAt: '2026-02-01T09:30:00Z',
    totalOptimizations: 12,
    profileComplete: true,
    optimizationIds: [],
    ...overrides,
  };
}
