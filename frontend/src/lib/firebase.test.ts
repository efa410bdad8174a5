import { afterEach, describe, expect, it } from 'vitest';
import { preconnectAuthService, type AuthClientConfig } from './firebase';

const firebase = { apiKey: 'key', authDomain: 'example.firebaseapp.com', projectId: 'example' };

const preconnects = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((link) => ({ href: link.href, crossOrigin: link.crossOrigin }));

describe('preconnectAuthService', () => {
  afterEach(() => {
    document.head.querySelectorAll('link[rel="preconnect"]').forEach((link) => link.remove());
  });

  it.each<{ name: string; cfg: AuthClientConfig; origins: string[] }>([
    {
      name: 'Google’s account check and token refresh in production',
      cfg: { firebase, authEmulatorUrl: '' },
      origins: ['https://identitytoolkit.googleapis.com/', 'https://securetoken.googleapis.com/'],
    },
    { name: 'the emulator, which answers both, in development', cfg: { firebase, authEmulatorUrl: 'http://127.0.0.1:9099' }, origins: ['http://127.0.0.1:9099/'] },
    { name: 'nothing when sign-in is not configured', cfg: { firebase: { ...firebase, apiKey: '' }, authEmulatorUrl: '' }, origins: [] },
  ])('opens connections to $name, once', ({ cfg, origins }) => {
    preconnectAuthService(cfg);
    preconnectAuthService(cfg);
    expect(preconnects()).toEqual(origins.map((href) => ({ href, crossOrigin: 'anonymous' })));
  });
});
