import { createContext, useContext, useSyncExternalStore } from 'react';

/** The signed-in user as the app shows it. */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
}

/** SPEC §4 Auth: loading until the first auth state arrives, then signed in or signed out. */
export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: AuthUser };

export interface AuthActions {
  signIn: (email: string, password: string) => Promise<void>;
  /** Creates the account and sets its display name. */
  signUp: (displayName: string, email: string, password: string) => Promise<void>;
  /** Google sign-in in a popup. */
  signInWithGoogle: () => Promise<void>;
  sendPasswordReset: (email: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** A valid (fresh) ID token of the signed-in user, or null when signed out. */
  getIdToken: () => Promise<string | null>;
  /**
   * Resolves once this session's sign-in has been recorded by the API (SPEC §4 profile
   * upsert), successfully or not; at once when there is nothing in flight.
   */
  profileReady: () => Promise<void>;
}

export type AuthContextValue = AuthState & AuthActions;

/**
 * What the provider shares: the auth value and a way to hear of its changes. The
 * context itself never changes, and components read the value through
 * useSyncExternalStore. A changed context value would reach every part of the page React
 * has not hydrated yet (the landing page's sections wait until they are seen:
 * lib/when-visible) and make React render them afresh, fetching their code at once; a
 * store reaches only the components that read it.
 */
export interface AuthSource {
  subscribe: (listener: () => void) => () => void;
  get: () => AuthContextValue;
  /** The value the page was first rendered with: what hydration must match. */
  getInitial: () => AuthContextValue;
}

/** A source whose value is `initial` until set. */
export function createAuthSource(initial: AuthContextValue): AuthSource & { set: (value: AuthContextValue) => void } {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => current,
    getInitial: () => initial,
    set: (value) => {
      if (value === current) return;
      current = value;
      for (const listener of listeners) listener();
    },
  };
}

export const AuthContext = createContext<AuthSource | null>(null);

/** The auth state and actions. Must be used under <AuthProvider> (or a test provider). */
export function useAuth(): AuthContextValue {
  const source = useContext(AuthContext);
  if (!source) throw new Error('useAuth must be used within an AuthProvider');
  return useSyncExternalStore(source.subscribe, source.get, source.getInitial);
}

/** The name the app greets a user by: the display name, else the e-mail. */
export function greetingName(user: Pick<AuthUser, 'displayName' | 'email'>): string {
  const name = user.displayName?.trim();
  if (name) return name;
  return user.email;
}
