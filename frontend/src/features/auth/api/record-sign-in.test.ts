import { describe, expect, it, vi } from 'vitest';
import { recordSignIn } from './record-sign-in';

const customer = {
  uid: 'u1',
  email: 'ana@example.com',
  displayName: 'Ana Host',
  createdAt: '2026-01-05T15:04:00Z',
  updatedAt: '2026-01-05T15:04:00Z',
  lastLoginAt: '2026-01-05T15:04:00Z',
  totalOptimizations: 0,
  profileComplete: true,
  optimizationIds: [],
};

describe('recordSignIn (POST /api/me)', () => {
  it('posts the display name with the user’s token and returns the customer', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ success: true, customer })));
    const result = await recordSignIn(
      { user: { uid: 'u1', email: 'ana@example.com', displayName: 'Ana Host' }, displayName: ' Ana Host ', getIdToken: () => Promise.resolve('tok') },
      fetchImpl,
    );
    expect(result).toEqual(customer);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/me');
    expect(init).toMatchObject({ method: 'POST', body: '{"displayName":"Ana Host"}', headers: { Authorization: 'Bearer tok' } });
  });

  it('sends an empty body when there is no name (the server keeps the token’s)', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ success: true, customer })));
    await recordSignIn({ user: { uid: 'u1', email: 'a@b.co', displayName: null }, displayName: null, getIdToken: () => Promise.resolve('tok') }, fetchImpl);
    expect(fetchImpl.mock.calls[0]?.[1]).toMatchObject({ body: '{}' });
  });
});
