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
import type { AuthClient, AuthClientConfig } from './firebase';

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
    popupRedirectResolver: browserPopupRedirectResolver,
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
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    signOut: () => signOut(auth),
  };
}
