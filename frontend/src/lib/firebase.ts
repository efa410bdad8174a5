/**
 * Firebase Auth, loaded on demand.
 *
 * The Firebase SDK is large, so it is never part of the landing page's entry chunk:
 * getAuthClient() imports ./firebase-sdk (and with it firebase/app and firebase/auth)
 * the first time it is called, which the auth provider does after the first render.
 * Only types are imported from firebase here, and type imports are erased.
 */
import type { Unsubscribe } from 'firebase/auth';
import { config as appConfig, type AppConfig } from './config';
import { loadChunk } from './load-chunk';

/** What the app needs of a signed-in Firebase user (a firebase/auth User satisfies it). */
export interface AuthClientUser {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
  getIdToken(forceRefresh?: boolean): Promise<string>;
  getIdTokenResult(forceRefresh?: boolean): Promise<{ token: string; authTime: string }>;
}

/** The auth operations the app uses (SPEC §7 "Auth service calls"), over one Firebase Auth instance. */
export interface AuthClient {
  /** Fires once with the restored state, then on every sign-in and sign-out. */
  onAuthStateChanged: (listener: (user: AuthClientUser | null) => void) => Unsubscribe;
  /** Fires on sign-in, sign-out and every ID-token refresh. */
  onIdTokenChanged: (listener: (user: AuthClientUser | null) => void) => Unsubscribe;
  currentUser: () => AuthClientUser | null;
  signIn: (email: string, password: string) => Promise<AuthClientUser>;
  /** Creates the account, then sets its display name. */
  signUp: (displayName: string, email: string, password: string) => Promise<AuthClientUser>;
  signInWithGoogle: () => Promise<AuthClientUser>;
  /** Gets Google sign-in ready where its button is shown, so the popup opens at once on a phone. */
  prepareGoogleSignIn: () => void;
  sendPasswordReset: (email: string) => Promise<void>;
  signOut: () => Promise<void>;
}

export type AuthClientConfig = Pick<AppConfig, 'firebase' | 'authEmulatorUrl'>;

/** Raised when the runtime configuration has no Firebase web app settings. */
export class AuthUnavailableError extends Error {
  constructor() {
    super('Sign-in is not available right now. Please try again later.');
    this.name = 'AuthUnavailableError';
  }
}

export function isAuthConfigured(cfg: AuthClientConfig): boolean {
  return cfg.firebase.apiKey !== '' && cfg.firebase.projectId !== '';
}

/**
 * The origins Firebase Auth calls while it restores a session: the account check
 * (identitytoolkit) and, for an ID token over an hour old, its refresh (securetoken); the
 * emulator answers both.
 */
export function authServiceOrigins(cfg: AuthClientConfig = appConfig): string[] {
  if (cfg.authEmulatorUrl !== '') return [new URL(cfg.authEmulatorUrl).origin];
  return ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
}

/**
 * Opens the connections to the auth service ahead of the SDK: on a phone, a new HTTPS
 * connection is three round trips, which the session restore would otherwise wait for
 * after the SDK has downloaded. `crossorigin`: the SDK's calls are CORS requests without
 * credentials, which use their own connections.
 */
export function preconnectAuthService(cfg: AuthClientConfig = appConfig, doc: Document = document): void {
  if (!isAuthConfigured(cfg)) return;
  for (const origin of authServiceOrigins(cfg)) {
    if (doc.head.querySelector(`link[rel="preconnect"][href="${origin}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    link.crossOrigin = 'anonymous';
    doc.head.append(link);
  }
}

let client: Promise<AuthClient> | null = null;

/**
 * The app's AuthClient, created on first use. The SDK chunk goes through loadChunk
 * (SPEC §8 time-out and "Loading chunk failed"); a failed load is retried next call.
 */
export function getAuthClient(cfg: AuthClientConfig = appConfig): Promise<AuthClient> {
  if (!isAuthConfigured(cfg)) return Promise.reject(new AuthUnavailableError());
  client ??= loadChunk(() => import('./firebase-sdk'))
    .then((sdk) => sdk.createAuthClient(cfg))
    .catch((error: unknown) => {
      client = null;
      throw error;
    });
  return client;
}
