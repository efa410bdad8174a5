/**
 * The only module that imports the Firebase SDK (firebase/app and firebase/auth).
 * It is loaded lazily by ./firebase.ts; named imports keep the chunk to what is used.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
} from 'firebase/auth';
import type { Auth, PopupRedirectResolver } from 'firebase/auth';
import type { AuthClient, AuthClientConfig } from './firebase';

/**
 * The two members of Firebase's popup resolver this module relies on. They are the SDK's
 * internals (PopupRedirectResolverInternal), pinned by the package lock and checked by
 * firebase-sdk.test.ts, so an upgrade that renames them fails a test instead of silently
 * bringing the wait back.
 */
interface PopupResolverInternals {
  /** Loads Google's gapi script and the auth helper frame (what a popup needs). */
  _initialize(auth: Auth): Promise<unknown>;
  /** Whether to do that at start-up: on phones and Safari, where a late popup is blocked. */
  readonly _shouldInitProactively: boolean;
}

const FirebasePopupResolver = browserPopupRedirectResolver as unknown as new () => PopupResolverInternals;

/**
 * Firebase's popup resolver, started where a Google button is shown rather than at
 * start-up. On phones and Safari, Firebase loads Google's gapi script and a helper frame
 * before it restores the session (so that a popup opens within the tap's allowance),
 * which made every signed-in page, the report first, wait for two more downloads from
 * Google before it could ask for its data. Here nothing starts at start-up; prepare()
 * starts it on the same browsers, and the login and sign-up pages call it when their
 * Google button mounts. Firebase makes one instance per resolver class; it is kept here.
 */
class GooglePopupResolver extends FirebasePopupResolver {
  static instance: GooglePopupResolver | null = null;

  constructor() {
    super();
    GooglePopupResolver.instance = this;
  }

  override get _shouldInitProactively(): boolean {
    return false;
  }

  /** Starts the popup's helper where Firebase would have at start-up; a failure is retried at the click. */
  prepare(auth: Auth): void {
    if (!super._shouldInitProactively) return;
    this._initialize(auth).catch(() => undefined);
  }
}

export function createAuthClient(cfg: AuthClientConfig): AuthClient {
  const app = initializeApp({
    apiKey: cfg.firebase.apiKey,
    authDomain: cfg.firebase.authDomain,
    projectId: cfg.firebase.projectId,
  });
  // initializeAuth rather than getAuth: the same defaults for a browser, without
  // getAuth's build-time "defaults" hooks (token sync and the emulator come from
  // our runtime configuration instead).
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    popupRedirectResolver: GooglePopupResolver as unknown as PopupRedirectResolver,
  });
  if (cfg.authEmulatorUrl !== '') {
    connectAuthEmulator(auth, cfg.authEmulatorUrl, { disableWarnings: true });
  }

  return {
    onAuthStateChanged: (listener) => onAuthStateChanged(auth, listener),
    onIdTokenChanged: (listener) => onIdTokenChanged(auth, listener),
    currentUser: () => auth.currentUser,
    signIn: async (email, password) => (await signInWithEmailAndPassword(auth, email, password)).user,
    signUp: async (displayName, email, password) => {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      await updateProfile(user, { displayName });
      return user;
    },
    signInWithGoogle: async () => (await signInWithPopup(auth, new GoogleAuthProvider())).user,
    prepareGoogleSignIn: () => GooglePopupResolver.instance?.prepare(auth),
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    signOut: () => signOut(auth),
  };
}
