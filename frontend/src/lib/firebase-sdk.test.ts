// @vitest-environment jsdom
import { deleteApp, getApps } from 'firebase/app';
import { browserPopupRedirectResolver } from 'firebase/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthClient } from './firebase-sdk';

// Node's build of firebase/auth has no popup resolver (it throws "not supported in this
// environment"): these tests run the browser build the app ships.
vi.mock('firebase/auth', () => import('../../node_modules/firebase/node_modules/@firebase/auth/dist/esm/index.js'));

interface ResolverPrototype {
  _initialize: (auth: unknown) => Promise<unknown>;
}
const prototype = (browserPopupRedirectResolver as unknown as { prototype: ResolverPrototype }).prototype;

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('Google sign-in readiness', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(getApps().map((app) => deleteApp(app)));
  });

  it("still finds the two members of Firebase's popup resolver it relies on", () => {
    // Both are SDK internals: an upgrade that renames them must fail here.
    const member = (name: string) => Object.getOwnPropertyDescriptor(prototype, name) ?? {};
    expect(typeof member('_initialize').value).toBe('function');
    expect('get' in member('_shouldInitProactively')).toBe(true);
  });

  it.each([
    { device: 'a phone', userAgent: PHONE, preparedAtButton: 1 },
    { device: 'a desktop', userAgent: DESKTOP, preparedAtButton: 0 },
  ])('on $device, restores the session without loading Google scripts, and loads them where the button is only where Firebase would', async ({ userAgent, preparedAtButton }) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
    const initialize = vi.spyOn(prototype, '_initialize').mockResolvedValue(undefined);
    const client = createAuthClient({
      firebase: { apiKey: 'demo-key', authDomain: 'demo.firebaseapp.com', projectId: `demo-${preparedAtButton}` },
      authEmulatorUrl: '',
    });
    // The first auth state: the session is restored (none here) without the popup's helper.
    await new Promise<void>((resolve) => {
      const stop = client.onAuthStateChanged(() => {
        stop();
        resolve();
      });
    });
    expect(initialize).not.toHaveBeenCalled();

    client.prepareGoogleSignIn();
    expect(initialize).toHaveBeenCalledTimes(preparedAtButton);
  });
});
