import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { config } from '@/lib/config';
import { getAuthClient, AuthUnavailableError, type AuthClient, type AuthClientUser } from '@/lib/firebase';
import { AuthContext, type AuthActions, type AuthContextValue, type AuthState, type AuthUser } from './context';
import { createTokenSync, signedInAtMs, type TokenSync } from './token-sync';

/** What the provider hands to onSignIn for each new signed-in session. */
export interface SignInRecord {
  user: AuthUser;
  /** The name typed at sign-up (the first token predates it), else the account's name. */
  displayName: string | null;
  getIdToken: () => Promise<string>;
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Loads the auth client (Firebase, lazily). Tests pass a fake. */
  loadClient?: () => Promise<AuthClient>;
  /** Called once per new signed-in session: SPEC §4 "on each sign-in the customer profile is created or updated". */
  onSignIn?: (record: SignInRecord) => Promise<unknown>;
  /** SPEC §7 optional token sync; by default built from the runtime configuration (null: off). */
  createSync?: () => TokenSync | null;
}

function defaultSync(): TokenSync | null {
  return createTokenSync(
    { url: config.tokenSyncUrl, maxAgeSeconds: config.tokenSyncMaxAgeSeconds },
    { href: window.location.href, isSecureContext: window.isSecureContext, fetch: (...args) => fetch(...args), now: Date.now, storage: window.localStorage },
  );
}

function toAuthUser(user: AuthClientUser, displayName = user.displayName): AuthUser {
  return { uid: user.uid, email: user.email ?? '', displayName };
}

const LOADING: AuthState = { status: 'loading', user: null };
const SIGNED_OUT: AuthState = { status: 'signed-out', user: null };

/**
 * Firebase Auth for the whole app. The SDK is imported after the first render, so the
 * landing page paints without it; until the first auth state arrives the state is
 * "loading" (SPEC §4).
 */
export function AuthProvider({ children, loadClient = getAuthClient, onSignIn, createSync = defaultSync }: AuthProviderProps) {
  const [state, setState] = useState<AuthState>(LOADING);
  const clientPromise = useRef<Promise<AuthClient> | null>(null);
  const recordedUid = useRef<string | null>(null);
  const signUpName = useRef<string | null>(null);
  const profile = useRef<Promise<void>>(Promise.resolve());

  const client = useCallback(() => (clientPromise.current ??= loadClient()), [loadClient]);

  const recordSignIn = useEffectEvent((user: AuthClientUser) => {
    if (!onSignIn) return;
    const displayName = signUpName.current ?? user.displayName;
    profile.current = onSignIn({
      user: toAuthUser(user, displayName),
      displayName,
      getIdToken: () => user.getIdToken(),
    }).then(
      () => undefined,
      (error: unknown) => {
        console.error('ListingLift: recording the sign-in failed', error);
      },
    );
  });

  const handleAuthState = useEffectEvent((user: AuthClientUser | null) => {
    if (!user) {
      recordedUid.current = null;
      setState(SIGNED_OUT);
      return;
    }
    setState({ status: 'signed-in', user: toAuthUser(user, signUpName.current ?? user.displayName) });
    if (recordedUid.current !== user.uid) {
      recordedUid.current = user.uid;
      recordSignIn(user);
    }
  });

  useEffect(() => {
    let active = true;
    const unsubscribe: (() => void)[] = [];
    client().then(
      (auth) => {
        if (!active) return;
        unsubscribe.push(auth.onAuthStateChanged((user) => handleAuthState(user)));
        const sync = createSync();
        if (sync) {
          unsubscribe.push(
            auth.onIdTokenChanged((user) => {
              if (!user) {
                void sync.handle(null);
                return;
              }
              user.getIdTokenResult().then(
                (result) => sync.handle({ token: result.token, signedInAtMs: signedInAtMs(result.authTime) }),
                (error: unknown) => {
                  console.warn('ListingLift: could not read the ID token for sync', error);
                },
              );
            }),
          );
        }
      },
      (error: unknown) => {
        if (!active) return;
        if (error instanceof AuthUnavailableError) console.warn('ListingLift: Firebase is not configured; sign-in is off.');
        else console.error('ListingLift: loading sign-in failed', error);
        setState(SIGNED_OUT);
      },
    );
    return () => {
      active = false;
      for (const stop of unsubscribe) stop();
    };
  }, [client, createSync]);

  // Actions are stable for the provider's life, so hooks can depend on them.
  const actions = useMemo<AuthActions>(
    () => ({
      signIn: async (email, password) => {
        await (await client()).signIn(email, password);
      },
      signUp: async (displayName, email, password) => {
        const auth = await client();
        const name = displayName.trim();
        signUpName.current = name;
        try {
          const user = await auth.signUp(name, email, password);
          setState((current) =>
            current.status === 'signed-in' && current.user.uid === user.uid
              ? { status: 'signed-in', user: { ...current.user, displayName: name } }
              : current,
          );
        } finally {
          signUpName.current = null;
        }
      },
      signInWithGoogle: async () => {
        await (await client()).signInWithGoogle();
      },
      prepareGoogleSignIn: () => {
        client().then(
          (auth) => auth.prepareGoogleSignIn(),
          () => undefined,
        );
      },
      sendPasswordReset: async (email) => {
        await (await client()).sendPasswordReset(email);
      },
      signOut: async () => {
        await (await client()).signOut();
      },
      getIdToken: async () => {
        // A click on a page drawn before the session was restored (the server-drawn report) must
        // wait for the restored user, not be sent without a token and told to sign in.
        const user = await restoredUser(await client());
        return user ? user.getIdToken() : null;
      },
      profileReady: () => profile.current,
    }),
    [client],
  );
  const value = useMemo<AuthContextValue>(() => ({ ...state, ...actions }), [state, actions]);

  return <AuthContext value={value}>{children}</AuthContext>;
}

/** The signed-in user once the auth client has restored its session (its first auth state), or null. */
function restoredUser(auth: AuthClient): Promise<AuthClientUser | null> {
  const now = auth.currentUser();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    // The first call is the restored state; later ones change nothing (a promise resolves once).
    // Unsubscribed after the call returns, so a client that calls the listener at once works too.
    const off = auth.onAuthStateChanged((user) => {
      resolve(user);
      queueMicrotask(() => off());
    });
  });
}
