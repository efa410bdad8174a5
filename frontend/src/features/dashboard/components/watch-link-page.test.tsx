import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestAuth, SIGNED_OUT } from '@/testing/auth';
import { renderRoutes } from '@/testing/render';
import { WatchLinkPage } from './watch-link-page';

afterEach(() => {
  vi.restoreAllMocks();
});

/** POST /api/watch answered by `answer`; the requests made (method, url, body, whether an ID token went) are returned. */
function mockLinkApi(answer: () => Response) {
  const calls: { method: string; url: string; body: unknown; authorized: boolean }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    calls.push({
      method: init?.method ?? 'GET',
      url,
      body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown,
      authorized: headers.has('Authorization'),
    });
    return Promise.resolve(answer());
  });
  return calls;
}

function open(route: string) {
  // Signed out, as a host opening an e-mail's link on a phone often is; StrictMode runs the effect twice.
  return renderRoutes({ '/watch': <WatchLinkPage /> }, { route, auth: createTestAuth(SIGNED_OUT), strict: true });
}

describe('/watch (an e-mail’s pause and stop links)', () => {
  it('posts the token and action once, then says "Paused" and what it means', async () => {
    const calls = mockLinkApi(() => Response.json({ success: true, state: 'paused', listingTitle: 'Sunny loft by the river' }));
    open('/watch?action=pause&token=tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paused' })).toBeInTheDocument();
    expect(screen.getByTestId('watch-link-result')).toHaveTextContent(
      'Watch is paused: we will not check “Sunny loft by the river” or e-mail you about it until you resume it from your dashboard.',
    );
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(calls).toEqual([{ method: 'POST', url: '/api/watch', body: { token: 'tok-123', action: 'pause' }, authorized: false }]);
  });

  it('says "Stopped" for the stop link', async () => {
    mockLinkApi(() => Response.json({ success: true, state: 'stopped', listingTitle: 'Sunny loft by the river' }));
    open('/watch?action=stop&token=tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stopped' })).toBeInTheDocument();
    expect(screen.getByTestId('watch-link-result')).toHaveTextContent('we will not check “Sunny loft by the river” or e-mail you about it again');
  });

  it('says the server’s words for a link that no longer works', async () => {
    const message = 'This link is not valid any more. Sign in to manage the watch from your dashboard.';
    mockLinkApi(() => Response.json({ error: message }, { status: 404 }));
    open('/watch?action=pause&token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The watch was not changed');
  });

  it('asks nothing of the server for a link cut short or edited', () => {
    const calls = mockLinkApi(() => Response.json({ success: true, state: 'paused', listingTitle: '' }));
    for (const route of ['/watch?action=pause', '/watch?token=tok-123', '/watch?action=resume&token=tok-123', '/watch?action=delete&token=tok-123']) {
      const view = open(route);
      expect(screen.getByTestId('watch-link-error')).toHaveTextContent('This link is not complete.');
      view.unmount();
    }
    expect(calls).toEqual([]);
  });
});
