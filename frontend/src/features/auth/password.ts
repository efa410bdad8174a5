/** Sign-up password rules (SPEC §5 Signup, §9). */
import { PASSWORDS_DO_NOT_MATCH_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from '@/lib/messages';

/** SPEC §9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;

/** Length that earns the strength meter's length point. */
export const STRONG_PASSWORD_LENGTH = 8;

/** SPEC §9: strength score 0 to 4. */
export const MAX_STRENGTH_SCORE = 4;
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/** SPEC §5: labels for scores 0 (Very Weak) to 4 (Strong). */
export const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

/**
 * SPEC §5: one point each for length ≥ 8; both lower- and upper-case letters; a digit;
 * a symbol (anything that is not an ASCII letter or digit).
 */
export function passwordStrength(password: string): StrengthScore {
  let score = 0;
  if (password.length >= STRONG_PASSWORD_LENGTH) score++;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  return score as StrengthScore;
}

export function strengthLabel(score: StrengthScore): StrengthLabel {
  return STRENGTH_LABELS[score];
}

export interface SignupValues {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type SignupErrors = Partial<Record<'password' | 'confirmPassword', string>>;

/** The inline check while the confirm field is typed in: shown once it has something in it. */
export function confirmMismatch(password: string, confirmPassword: string): string | undefined {
  return confirmPassword !== '' && confirmPassword !== password ? PASSWORDS_DO_NOT_MATCH_MESSAGE : undefined;
}

/**
 * Checks at submit (the browser enforces "required" and the e-mail type first).
 * Matching is checked before length, as a mismatch is the likelier typo.
 */
export function validateSignup(values: SignupValues): SignupErrors {
  if (values.password !== values.confirmPassword) return { confirmPassword: PASSWORDS_DO_NOT_MATCH_MESSAGE };
  if (values.password.length < MIN_PASSWORD_LENGTH) return { password: PASSWORD_TOO_SHORT_MESSAGE };
  return {};
}
