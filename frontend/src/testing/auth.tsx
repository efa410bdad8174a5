import { type ReactNode } from 'react';
import { vi, type Mock } from 'vitest';
import { AuthContext, type AuthActions, type AuthContextValue, type AuthState, type AuthUser } from '@/lib/auth/context';

/**
 * Tests mock auth at the provider boundary: a plain AuthContext value with vi.fn()
 * actions, never Firebase.
 */
export const TEST_USER: AuthUser = { uid: 'uid-ana', email: 'ana@example.com', displayName: 'Ana Host' };

export const SIGNED_OUT: AuthState = { status: 'signed-out', user: null };
export const LOADING: AuthState = { status: 'loading', user: null };
export const signedIn = (user: Partial<AuthUser> = {}): AuthState => ({ status: 'signed-in', user: { ...TEST_USER, ...user } });

export type TestAuth = AuthState & { [K in keyof AuthActions]: Mock<AuthActions[K]> };

const resolved = () => Promise.resolve();

export function createTestAuth(state: AuthState = SIGNED_OUT, actions: Partial<AuthActions> = {}): TestAuth {
  return {
    ...state,
    signIn: vi.fn(actions.signIn ?? resolved),
    signUp: vi.fn(actions.signUp ?? resolved),
    signInWithGoogle: vi.fn(actions.signInWithGoogle ?? resolved),
    prepareGoogleSignIn: vi.fn(actions.prepareGoogleSignIn ?? (() => undefined)),
    sendPasswordReset: vi.fn(actions.sendPasswordReset ?? resolved),
    signOut: vi.fn(actions.signOut ?? resolved),
    getIdToken: vi.fn(actions.getIdToken ?? (() => Promise.resolve(state.status === 'signed-in' ? 'test-id-token' : null))),
    profileReady: vi.fn(actions.profileReady ?? resolved),
  };
}

export function TestAuthProvider({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContext value={value}>{children}</AuthContext>;
}
