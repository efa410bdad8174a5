/**
 * Optional auth token sync (SPEC §7): when a sync URL is configured, every new ID token
 * is POSTed there with a Bearer header, and a DELETE is sent when there is no token
 * (signed out), so that a same-site server can keep a session cookie in step. Our server
 * (/api/session) turns a fresh sign-in's token into the session cookie it draws a host's
 * report page with.
 *
 * Rules, each unit-tested:
 *  - only when a sync URL is configured;
 *  - only when that URL is on the page's own origin (no token ever leaves the site);
 *  - only in a secure context (https, or localhost);
 *  - tokens older than the configured age are skipped, the age counted from the sign-in
 *    the token stands for (its auth_time): the server makes a session only of a recent
 *    sign-in, so a token refreshed hours later is not sent to be refused;
 *  - the same token is not sent twice in a row;
 *  - a DELETE is sent only when this browser synced a token (a mark in `storage`, which
 *    every tab shares), so a visitor who never signed in costs the server nothing.
 */

export interface TokenSyncSettings {
  /** Absolute or page-relative URL; "" disables the sync. */
  url: string;
  maxAgeSeconds: number;
}

export interface TokenSyncEnvironment {
  /** The page's address (location.href). */
  href: string;
  isSecureContext: boolean;
  fetch: typeof fetch;
  now: () => number;
  /** Where the mark of a synced token is kept (localStorage); without it every sign-out is sent. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/** An ID token and when its user signed in (ms since the epoch, from its auth_time claim). */
export interface SyncToken {
  token: string;
  signedInAtMs: number;
}

export type TokenSyncDecision =
  | { enabled: true; url: string }
  | { enabled: false; reason: 'not-configured' | 'invalid-url' | 'cross-origin' | 'insecure-context' };

/** Whether the sync may run here, and the resolved URL it posts to. */
export function tokenSyncDecision(settings: TokenSyncSettings, env: Pick<TokenSyncEnvironment, 'href' | 'isSecureContext'>): TokenSyncDecision {
  if (settings.url.trim() === '') return { enabled: false, reason: 'not-configured' };
  let url: URL;
  let page: URL;
  try {
    page = new URL(env.href);
    url = new URL(settings.url, page);
  } catch {
    return { enabled: false, reason: 'invalid-url' };
  }
  if (url.origin !== page.origin) return { enabled: false, reason: 'cross-origin' };
  if (!env.isSecureContext) return { enabled: false, reason: 'insecure-context' };
  return { enabled: true, url: url.toString() };
}

/** Age of a token's sign-in in seconds at `now` (negative when the local clock is behind). */
export function tokenAgeSeconds(token: SyncToken, now: number): number {
  return (now - token.signedInAtMs) / 1000;
}

/** The mark, in `storage`, that this browser synced a token and has a session to end. */
export const SYNCED_MARK = 'listinglift.session-synced';

export interface TokenSync {
  /** Sends the change: a token (POST) or none (DELETE). Resolves when done; never rejects. */
  handle(token: SyncToken | null): Promise<void>;
}

const NOT_SENT = Symbol('not sent');

/** Returns the sync for these settings, or null when a rule forbids it. */
export function createTokenSync(settings: TokenSyncSettings, env: TokenSyncEnvironment): TokenSync | null {
  const decision = tokenSyncDecision(settings, env);
  if (!decision.enabled) return null;
  let last: string | null | typeof NOT_SENT = NOT_SENT;

  return {
    async handle(token) {
      if (token && tokenAgeSeconds(token, env.now()) > settings.maxAgeSeconds) return;
      const value = token?.token ?? null;
      if (value === last) return;
      last = value;
      if (!value && env.storage?.getItem(SYNCED_MARK) === null) return;
      try {
        const answer = await env.fetch(decision.url, {
          method: value ? 'POST' : 'DELETE',
          headers: value ? { Authorization: `Bearer ${value}` } : {},
          credentials: 'same-origin',
        });
        if (value && answer.ok) env.storage?.setItem(SYNCED_MARK, '1');
        if (!value) env.storage?.removeItem(SYNCED_MARK);
      } catch (error) {
        // Best effort: the app itself does not depend on the synced cookie.
        last = NOT_SENT;
        console.warn('ListingLift: auth token sync failed', error);
      }
    },
  };
}

/** Reads a token's sign-in time from getIdTokenResult().authTime (a UTC date string); 0 when it does not parse. */
export function signedInAtMs(authTime: string): number {
  const ms = Date.parse(authTime);
  return Number.isNaN(ms) ? 0 : ms;
}
