import { describe, expect, it } from 'vitest';
import {
  classifyPaymentError,
  DEFAULT_PAYMENT_ERROR_MESSAGE,
  MAX_ERROR_MESSAGE_LENGTH,
  PAYMENT_ERROR_CLASSES,
  PAYMENT_ERROR_FAQS,
  paymentErrorEmail,
  paymentErrorMessage,
} from './payment-error';

describe('classifyPaymentError', () => {
  it.each([
    ['Your card was declined.', 'card'],
    ['CARD_DECLINED', 'card'],
    ['Your Card has insufficient funds.', 'card'],
    ['Incorrect cardholder name', 'card'],
    ['A network error occurred.', 'connection'],
    ['NETWORK TIMEOUT', 'connection'],
    ['Connection reset by peer', 'connection'],
    ['Lost CONNECTION to the payment provider', 'connection'],
    // "card" is checked first.
    ['Network error while verifying your card', 'card'],
    ['Payment session expired', 'processing'],
    ['processing_error', 'processing'],
    ['', 'processing'],
  ] as const)('%j → %s', (message, kind) => {
    expect(classifyPaymentError(message)).toBe(kind);
  });

  it('titles each class as SPEC §2 does', () => {
    expect(PAYMENT_ERROR_CLASSES.card.title).toBe('Card Payment Failed');
    expect(PAYMENT_ERROR_CLASSES.connection.title).toBe('Connection Error');
    expect(PAYMENT_ERROR_CLASSES.processing.title).toBe('Payment Processing Error');
  });

  it('has exactly 4 distinct suggestions per class', () => {
    for (const errorClass of Object.values(PAYMENT_ERROR_CLASSES)) {
      expect(errorClass.suggestions).toHaveLength(4);
      expect(new Set(errorClass.suggestions).size).toBe(4);
    }
  });
});

describe('paymentErrorMessage', () => {
  const read = (query: string) => paymentErrorMessage(new URLSearchParams(query));

  it('prefers error_description, then error, then a generic sentence', () => {
    expect(read('error=card_declined&error_description=Your%20card%20was%20declined.')).toEqual({
      message: 'Your card was declined.',
      fromQuery: true,
    });
    expect(read('error=network_error')).toEqual({ message: 'network_error', fromQuery: true });
    expect(read('error=network_error&error_description=%20%20')).toEqual({ message: 'network_error', fromQuery: true });
    expect(read('')).toEqual({ message: DEFAULT_PAYMENT_ERROR_MESSAGE, fromQuery: false });
  });

  it('turns control characters into spaces and cuts very long values', () => {
    expect(read('error=line%201%0A%0Dline%202%00').message).toBe('line 1 line 2');
    const long = read(`error=${'x'.repeat(2000)}`).message;
    expect(Array.from(long)).toHaveLength(MAX_ERROR_MESSAGE_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('paymentErrorEmail', () => {
  it('carries the error text in the subject and the body', () => {
    const mail = paymentErrorEmail('Card Payment Failed', 'Your card was declined.', new Date('2026-03-02T12:00:00Z'));
    expect(mail.subject).toBe('Card Payment Failed: Your card was declined.');
    expect(mail.body).toContain('\nYour card was declined.\n');
    expect(mail.body).toContain('Time: 2026-03-02T12:00:00.000Z');
  });
});

describe('PAYMENT_ERROR_FAQS', () => {
  it('has 3 items: declines, safety, charged without service', () => {
    expect(PAYMENT_ERROR_FAQS.map((f) => f.question)).toEqual([
      expect.stringMatching(/declined/),
      expect.stringMatching(/safe/),
      expect.stringMatching(/charged but did not get/),
    ]);
  });
});
