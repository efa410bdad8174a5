import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, createApiClient } from './api-client';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function client(fetchImpl: typeof fetch, token: string | null = 'id-token-1') {
  return createApiClient({ baseUrl: '', getIdToken: () => Promise.resolve(token), fetch: fetchImpl });
}

describe('createApiClient', () => {
  it('attaches a fresh ID token, JSON headers and the tunnel-warning header', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(json({ success: true, value: 1 })));
    const getIdToken = vi.fn(() => Promise.resolve('fresh-token'));
    const api = createApiClient({ baseUrl: '', getIdToken, fetch: fetchImpl });

    await expect(api.get('/me')).resolves.toEqual({ success: true, value: 1 });
    await api.get('/me');
    expect(getIdToken).toHaveBeenCalledTimes(2); // asked for on every call: Firebase refreshes it when due
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/me');
    expect(init).toMatchObject({
      method: 'GET',
      headers: {
        Authorization: 'Bearer fresh-token',
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'ngrok-skip-browser-warning': 'true',
      },
    });
  });

  it('posts JSON to the configured base', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(json({ success: true })));
    const api = createApiClient({ baseUrl: 'https://api.example.test/', getIdToken: () => Promise.resolve('t'), fetch: fetchImpl });
    await api.post('/me', { displayName: 'Ana' });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('https://api.example.test/api/me');
    expect(init).toMatchObject({ method: 'POST', body: '{"displayName":"Ana"}' });
  });

  it('sends no Authorization header when signed out, or for a public call', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(json({ success: true })));
    await client(fetchImpl, null).get('/x');
    await client(fetchImpl).get('/x', { auth: false });
    for (const [, init] of fetchImpl.mock.calls) expect(init?.headers).not.toHaveProperty('Authorization');
  });

  it('turns the JSON error shape into an ApiError with the server message and status', async () => {
    const api = client(() => Promise.resolve(json({ success: false, error: 'Sign in to continue.' }, 401)));
    const error = await api.get('/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Sign in to continue.', status: 401, serverMessage: 'Sign in to continue.', kind: 'status' });
  });

  it('treats {success:false} with status 200 as an error', async () => {
    await expect(client(() => Promise.resolve(json({ success: false, error: 'Nope' }))).get('/x')).rejects.toMatchObject({
      message: 'Nope',
      status: 200,
      kind: 'unsuccessful',
    });
  });

  it('falls back to the status when the error body is not JSON', async () => {
    await expect(client(() => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 }))).get('/x')).rejects.toMatchObject({
      message: 'Request failed: 502',
      status: 502,
      serverMessage: null,
      kind: 'status',
    });
  });

  it('reports an OK answer that is not JSON', async () => {
    const error = await client(() => Promise.resolve(new Response('<html>', { status: 200 })))
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, serverMessage: null, kind: 'invalid-response' });
    expect((error as ApiError).message).toMatch(/^Invalid JSON response: <html>/);
  });

  it('reports an unreachable server plainly, and lets aborts through', async () => {
    await expect(client(() => Promise.reject(new TypeError('Failed to fetch'))).get('/x')).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
      status: 0,
      kind: 'network',
    });
    const abort = new DOMException('aborted', 'AbortError');
    await expect(client(() => Promise.reject(abort)).get('/x')).rejects.toBe(abort);
  });
});
