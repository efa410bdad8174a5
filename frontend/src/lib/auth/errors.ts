import { GENERIC_ERROR_MESSAGE } from '@/lib/messages';

/** The Firebase Auth error code (e.g. "auth/email-already-in-use"), if the error has one. */
export function authErrorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error;
    return typeof code === 'string' ? code : null;
  }
  return null;
}

/** SPEC §8: other auth errors show the auth service's own message. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return GENERIC_ERROR_MESSAGE;
}

/** The user closed or replaced the Google popup: not an error worth showing. */
export function isPopupCancelled(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}
