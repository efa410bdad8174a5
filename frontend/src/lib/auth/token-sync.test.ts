import { describe, expect, it, vi, type Mock } from 'vitest';
import { createTokenSync, signedInAtMs, SYNCED_MARK, tokenSyncDecision, type TokenSyncEnvironment } from './token-sync';

const NOW = Date.parse('2026-03-01T12:00:00Z');

type TestEnvironment = TokenSyncEnvironment & { fetch: Mock<typeof fetch> };

function env(overrides: Partial<TestEnvironment> = {}): TestEnvironment {
  const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
  return { href: 'https://app.listinglift.test/dashboard', isSecureContext: true, fetch, now: () => NOW, ...overrides };
}

const fresh = { token: 'tok-1', signedInAtMs: NOW - 10_000 };

describe('tokenSyncDecision (SPEC §7 rules)', () => {
  it('is off when no URL is configured', () => {
    expect(tokenSyncDecision({ url: '', maxAgeSeconds: 300 }, env())).toEqual({ enabled: false, reason: 'not-configured' });
    expect(tokenSyncDecision({ url: '  ', maxAgeSeconds: 300 }, env())).toEqual({ enabled: false, reason: 'not-configured' });
  });

  it('resolves a path against the page and allows the same origin', () => {
    expect(tokenSyncDecision({ url: '/api/session', maxAgeSeconds: 300 }, env())).toEqual({
      enabled: true,
      url: 'https://app.listinglift.test/api/session',
    });
    expect(tokenSyncDecision({ url: 'https://app.listinglift.test/s', maxAgeSeconds: 300 }, env())).toMatchObject({ enabled: true });
  });

  it('refuses another origin (host, scheme or port)', () => {
    for (const url of ['https://evil.test/steal', '//evil.test/x', 'http://app.listinglift.test/s', 'https://app.listinglift.test:8443/s']) {
      expect(tokenSyncDecision({ url, maxAgeSeconds: 300 }, env())).toEqual({ enabled: false, reason: 'cross-origin' });
    }
  });

  it('refuses an insecure context', () => {
    expect(tokenSyncDecision({ url: '/s', maxAgeSeconds: 300 }, env({ isSecureContext: false }))).toEqual({
      enabled: false,
      reason: 'insecure-context',
    });
  });

  it('refuses a URL that does not parse', () => {
    expect(tokenSyncDecision({ url: 'http://[bad', maxAgeSeconds: 300 }, env())).toEqual({ enabled: false, reason: 'invalid-url' });
  });
});

describe('createTokenSync', () => {
  it('returns null when a rule forbids syncing, so nothing is ever sent', () => {
    expect(createTokenSync({ url: '', maxAgeSeconds: 300 }, env())).toBeNull();
    expect(createTokenSync({ url: 'https://evil.test/x', maxAgeSeconds: 300 }, env())).toBeNull();
    expect(createTokenSync({ url: '/s', maxAgeSeconds: 300 }, env({ isSecureContext: false }))).toBeNull();
  });

  it('POSTs a new token with a Bearer header', async () => {
    const e = env();
    await createTokenSync({ url: '/api/session', maxAgeSeconds: 300 }, e)?.handle(fresh);
    expect(e.fetch).toHaveBeenCalledWith('https://app.listinglift.test/api/session', {
      method: 'POST',
      headers: { Authorization: 'Bearer tok-1' },
      credentials: 'same-origin',
    });
  });

  it('sends DELETE without a token when signed out', async () => {
    const e = env();
    await createTokenSync({ url: '/api/session', maxAgeSeconds: 300 }, e)?.handle(null);
    expect(e.fetch).toHaveBeenCalledWith('https://app.listinglift.test/api/session', {
      method: 'DELETE',
      headers: {},
      credentials: 'same-origin',
    });
  });

  it('skips tokens older than the configured age, and sends one exactly at it', async () => {
    const e = env();
    const sync = createTokenSync({ url: '/s', maxAgeSeconds: 300 }, e);
    await sync?.handle({ token: 'old', signedInAtMs: NOW - 301_000 });
    expect(e.fetch).not.toHaveBeenCalled();
    await sync?.handle({ token: 'edge', signedInAtMs: NOW - 300_000 });
    expect(e.fetch).toHaveBeenCalledTimes(1);
  });

  it('does not send the same token twice in a row', async () => {
    const e = env();
    const sync = createTokenSync({ url: '/s', maxAgeSeconds: 300 }, e);
    await sync?.handle(fresh);
    await sync?.handle(fresh);
    await sync?.handle(null);
    await sync?.handle(null);
    await sync?.handle(fresh);
    expect(e.fetch.mock.calls.map(([, init]) => init?.method)).toEqual(['POST', 'DELETE', 'POST']);
  });

  it('never rejects, and retries a token whose sync failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const e = env({ fetch: vi.fn<typeof fetch>().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue(new Response(null)) });
    const sync = createTokenSync({ url: '/s', maxAgeSeconds: 300 }, e);
    await expect(sync?.handle(fresh)).resolves.toBeUndefined();
    await sync?.handle(fresh);
    expect(e.fetch).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('reads the sign-in time from getIdTokenResult().authTime', () => {
    expect(signedInAtMs('Sun, 01 Mar 2026 11:59:50 GMT')).toBe(NOW - 10_000);
    expect(signedInAtMs('garbage')).toBe(0);
  });

  it('sends a sign-out only when this browser synced a token, and marks it for every tab', async () => {
    const storage = new Map<string, string>();
    const mark = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    };
    const visitor = env({ storage: mark });
    await createTokenSync({ url: '/s', maxAgeSeconds: 300 }, visitor)?.handle(null);
    expect(visitor.fetch).not.toHaveBeenCalled();

    const host = env({ storage: mark });
    const sync = createTokenSync({ url: '/s', maxAgeSeconds: 300 }, host);
    await sync?.handle(fresh);
    expect(storage.get(SYNCED_MARK)).toBe('1');
    // Another tab (a new sync) signs out: the mark says there is a session to end.
    const other = env({ storage: mark });
    await createTokenSync({ url: '/s', maxAgeSeconds: 300 }, other)?.handle(null);
    expect(other.fetch.mock.calls.map(([, init]) => init?.method)).toEqual(['DELETE']);
    expect(storage.has(SYNCED_MARK)).toBe(false);
    expect(host.fetch.mock.calls.map(([, init]) => init?.method)).toEqual(['POST']);
  });
});
