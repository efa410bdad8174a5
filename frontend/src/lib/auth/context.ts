import { createContext, useContext } from 'react';

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
  /** Called where a Google button is shown: gets the popup ready ahead of the tap (phones and Safari). */
  prepareGoogleSignIn: () => void;
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

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The auth state and actions. Must be used under <AuthProvider> (or a test provider). */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** The name the app greets a user by: the display name, else the e-mail. */
export function greetingName(user: Pick<AuthUser, 'displayName' | 'email'>): string {
  const name = user.displayName?.trim();
  if (name) return name;
  return user.email;
}
