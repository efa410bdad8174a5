import { describe, expect, it } from 'vitest';
import { PASSWORDS_DO_NOT_MATCH_MESSAGE, PASSWORD_STRENGTH_HINT, PASSWORD_TOO_SHORT_MESSAGE } from '@/lib/messages';
import { EXISTING_ACCOUNT_REDIRECT_MS } from './constants';
import {
  MAX_STRENGTH_SCORE,
  MIN_PASSWORD_LENGTH,
  STRENGTH_LABELS,
  confirmMismatch,
  passwordStrength,
  strengthLabel,
  validateSignup,
} from './password';

describe('constants (SPEC §5, §9)', () => {
  it('has the SPEC numbers and wording', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(MAX_STRENGTH_SCORE).toBe(4);
    expect(EXISTING_ACCOUNT_REDIRECT_MS).toBe(3000);
    expect(STRENGTH_LABELS).toEqual(['Very Weak', 'Weak', 'Fair', 'Good', 'Strong']);
    expect(PASSWORD_STRENGTH_HINT).toBe('Use 8+ characters with a mix of letters, numbers & symbols');
    expect(PASSWORDS_DO_NOT_MATCH_MESSAGE).toBe('Passwords do not match');
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe('Password must be at least 6 characters long');
  });
});

describe('passwordStrength', () => {
  it.each([
    // score 0: none of the four
    ['', 0],
    ['abc', 0],
    ['abcdefg', 0],
    ['ABCDEFG', 0],
    // score 1: exactly one point
    ['abcdefgh', 1], // length
    ['aB', 1], // mixed case
    ['abc1', 1], // digit
    ['abc!', 1], // symbol
    ['ab cd', 1], // a space is a symbol
    // score 2
    ['abcdefg1', 2], // length + digit
    ['Abcdef', 1],
    ['Abc1', 2], // case + digit
    ['abc1!', 2], // digit + symbol
    ['abcdefgh!', 2], // length + symbol
    // score 3
    ['Abcdefgh1', 3], // length + case + digit
    ['Abc1!', 3], // case + digit + symbol
    ['abcdefg1!', 3], // length + digit + symbol
    // score 4
    ['Abcdefg1!', 4],
    ['P@ssw0rdLong', 4],
  ] as const)('%j scores %i', (password, score) => {
    expect(passwordStrength(password)).toBe(score);
  });

  it('labels every score from Very Weak to Strong', () => {
    expect([0, 1, 2, 3, 4].map((s) => strengthLabel(s as 0 | 1 | 2 | 3 | 4))).toEqual([
      'Very Weak',
      'Weak',
      'Fair',
      'Good',
      'Strong',
    ]);
  });
});

describe('validateSignup', () => {
  const base = { fullName: 'Ana Host', email: 'ana@example.com' };

  it('accepts matching passwords of 6 characters or more', () => {
    expect(validateSignup({ ...base, password: 'abcdef', confirmPassword: 'abcdef' })).toEqual({});
  });

  it('says "Passwords do not match" first', () => {
    expect(validateSignup({ ...base, password: 'abc', confirmPassword: 'abd' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('needs at least 6 characters', () => {
    expect(validateSignup({ ...base, password: 'abcde', confirmPassword: 'abcde' })).toEqual({
      password: 'Password must be at least 6 characters long',
    });
  });

  it('flags a mismatch inline only once the confirm field has text', () => {
    expect(confirmMismatch('secret1', '')).toBeUndefined();
    expect(confirmMismatch('secret1', 'sec')).toBe('Passwords do not match');
    expect(confirmMismatch('secret1', 'secret1')).toBeUndefined();
  });
});
