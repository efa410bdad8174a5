import { renderHook } from '@testing-library/react';
import { type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTestAuth, signedIn, TestAuthProvider } from '@/testing/auth';
import { needsProfile, useApiClient } from './api-client';

describe('needsProfile', () => {
  it.each([
    ['GET', '/get-optimization-result/s1', false],
    ['GET', '/optimizations?page=2', false],
    ['GET', '/me', true],
    ['GET', '/me?fresh=1', true],
    ['POST', '/me', true],
    ['POST', '/create-checkout-session', true],
    ['DELETE', '/optimizations/o1', true],
  ])('%s %s: %s', (method, path, want) => {
    expect(needsProfile(method, path)).toBe(want);
  });
});

describe('useApiClient', () => {
  it('reads a report while the sign-in is still being recorded, but holds changes until it is', async () => {
    let recorded: () => void = () => undefined;
    const profile = new Promise<void>((resolve) => (recorded = resolve));
    const auth = createTestAuth(signedIn(), { profileReady: () => profile });
    const wrapper = ({ children }: { children: ReactNode }) => <TestAuthProvider value={auth}>{children}</TestAuthProvider>;
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      return Promise.resolve(new Response('{"success":true}', { headers: { 'Content-Type': 'application/json' } }));
    });
    const { result } = renderHook(() => useApiClient(), { wrapper });

    await result.current.get('/get-optimization-result/s1');
    const post = result.current.post('/create-checkout-session', {});
    await new Promise((settle) => setTimeout(settle, 20));
    expect(calls).toEqual(['GET /api/get-optimization-result/s1']);

    recorded();
    await post;
    expect(calls).toEqual(['GET /api/get-optimization-result/s1', 'POST /api/create-checkout-session']);
    vi.unstubAllGlobals();
  });
});
