import { GENERIC_ERROR_MESSAGE } from '@/lib/messages';

/** The Firebase Auth error code (e.g. "auth/email-already-in-use"), if the error has one. */
export function authErrorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error;
    return typeof code === 'string' ? code : null;
  }
  return null;
}

/**
 * Plain sentences for the Firebase Auth errors hosts meet, instead of the service's
 * "Firebase: Error (auth/wrong-password)." A code not listed keeps the service's own message
 * (SPEC §8).
 */
export const AUTH_MESSAGES: Readonly<Record<string, string>> = {
  'auth/wrong-password': 'That e-mail and password do not match. Check them and try again, or reset your password.',
  'auth/invalid-credential': 'That e-mail and password do not match. Check them and try again, or reset your password.',
  'auth/invalid-login-credentials': 'That e-mail and password do not match. Check them and try again, or reset your password.',
  'auth/user-not-found': 'There is no account with that e-mail address. Check it, or create an account.',
  'auth/invalid-email': 'That does not look like an e-mail address. Check it and try again.',
  'auth/too-many-requests': 'Too many attempts in a row. Wait a few minutes and try again.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'auth/popup-blocked': 'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before you finished. Try again when you are ready.',
  'auth/weak-password': 'Choose a stronger password: at least 6 characters, ideally 8 or more with letters, numbers and symbols.',
  'auth/user-disabled': 'This account has been turned off. Write to support if you think that is a mistake.',
  'auth/email-already-in-use': 'An account with that e-mail address already exists. Log in instead.',
};

/** SPEC §8, with the common codes in plain words (AUTH_MESSAGES); other errors show the service's own message. */
export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  if (code !== null && AUTH_MESSAGES[code]) return AUTH_MESSAGES[code];
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return GENERIC_ERROR_MESSAGE;
}

/** The user closed or replaced the Google popup: not an error worth showing. */
export function isPopupCancelled(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}
