/**
 * "/payment-error" (SPEC §2): the message comes from the query (error_description, else
 * error) and is classified by its text, case-insensitively:
 *  - contains "card" → Card Payment Failed;
 *  - contains "network" or "connection" → Connection Error;
 *  - otherwise → Payment Processing Error.
 * Each class has exactly 4 suggestions. The message is untrusted input from the URL: it is
 * only ever rendered as text, and trimmed to MAX_ERROR_MESSAGE_LENGTH characters.
 */
import { type FaqItem } from '@/components/ui/faq-list';

export type PaymentErrorKind = 'card' | 'connection' | 'processing';

/** Shown when the query carries no message at all. */
export const DEFAULT_PAYMENT_ERROR_MESSAGE = 'Your payment could not be completed.';

/** Longer query values are cut (with "…"): enough for any real provider message. */
export const MAX_ERROR_MESSAGE_LENGTH = 500;

export interface PaymentErrorClass {
  kind: PaymentErrorKind;
  title: string;
  lead: string;
  suggestions: readonly [string, string, string, string];
}

export const PAYMENT_ERROR_CLASSES: Readonly<Record<PaymentErrorKind, PaymentErrorClass>> = {
  card: {
    kind: 'card',
    title: 'Card Payment Failed',
    lead: 'The payment did not go through: your card was declined, or its details could not be verified.',
    suggestions: [
      'Check that the card number, expiry date, security code (CVC) and billing postcode match what your bank has on file.',
      'Make sure the card has enough available funds or credit for the payment.',
      'Ask your bank whether it blocked the payment: many banks hold online or international payments until you approve them in their app.',
      'Try again with a different card.',
    ],
  },
  connection: {
    kind: 'connection',
    title: 'Connection Error',
    lead: 'The connection was interrupted while your payment was being processed.',
    suggestions: [
      'Check that you are online, then try again.',
      'If you are on public or office Wi-Fi or a VPN, switch to another network or to mobile data.',
      'Stay on the checkout page until it finishes: do not refresh or press Back while the payment is processing.',
      'Before paying again, check your dashboard and your e-mail for a receipt, in case the first payment went through.',
    ],
  },
  processing: {
    kind: 'processing',
    title: 'Payment Processing Error',
    lead: 'Something went wrong while your payment was being processed.',
    suggestions: [
      'Wait a few minutes and try again: the problem is often temporary.',
      'Before paying again, check your dashboard and your e-mail for a receipt, in case the payment went through.',
      'Try a different card or payment method.',
      'If it keeps happening, contact support and include the error message below so we can look it up.',
    ],
  },
};

/**
 * Stripe's codes (its error codes and card decline codes) as a host would be told them, and
 * the class each belongs to: "insufficient_funds" is a card's problem though the word "card"
 * is not in it. The code itself stays on the page as small print (support asks for it).
 * https://docs.stripe.com/declines/codes, https://docs.stripe.com/error-codes
 */
export const STRIPE_CODES: Readonly<Record<string, { sentence: string; kind: PaymentErrorKind }>> = {
  card_declined: { kind: 'card', sentence: 'Your bank declined the card. Nothing was charged.' },
  generic_decline: { kind: 'card', sentence: 'Your bank declined the payment without giving a reason. Nothing was charged.' },
  do_not_honor: { kind: 'card', sentence: 'Your bank declined the payment without giving a reason. Nothing was charged.' },
  insufficient_funds: { kind: 'card', sentence: 'The card does not have enough funds or credit for this payment. Nothing was charged.' },
  expired_card: { kind: 'card', sentence: 'The card has expired. Nothing was charged: try again with a card that is still valid.' },
  incorrect_cvc: { kind: 'card', sentence: 'The security code (CVC) does not match the card. Nothing was charged.' },
  invalid_cvc: { kind: 'card', sentence: 'The security code (CVC) does not match the card. Nothing was charged.' },
  incorrect_number: { kind: 'card', sentence: 'The card number is not right. Nothing was charged.' },
  invalid_number: { kind: 'card', sentence: 'The card number is not right. Nothing was charged.' },
  invalid_expiry_month: { kind: 'card', sentence: 'The expiry date does not match the card. Nothing was charged.' },
  invalid_expiry_year: { kind: 'card', sentence: 'The expiry date does not match the card. Nothing was charged.' },
  incorrect_zip: { kind: 'card', sentence: 'The billing postcode does not match the one your bank has for the card. Nothing was charged.' },
  lost_card: { kind: 'card', sentence: 'Your bank declined the card. Nothing was charged: please use another card.' },
  stolen_card: { kind: 'card', sentence: 'Your bank declined the card. Nothing was charged: please use another card.' },
  pickup_card: { kind: 'card', sentence: 'Your bank declined the card. Nothing was charged: please use another card.' },
  fraudulent: { kind: 'card', sentence: 'The payment was declined by a fraud check. Nothing was charged.' },
  card_not_supported: { kind: 'card', sentence: 'This card cannot be used for this kind of payment. Nothing was charged.' },
  currency_not_supported: { kind: 'card', sentence: 'This card cannot pay in US dollars. Nothing was charged.' },
  card_velocity_exceeded: { kind: 'card', sentence: 'The card has reached its spending limit for now. Nothing was charged.' },
  withdrawal_count_limit_exceeded: { kind: 'card', sentence: 'The card has reached its spending limit for now. Nothing was charged.' },
  authentication_required: { kind: 'card', sentence: 'Your bank asked you to confirm the payment, and it was not confirmed. Nothing was charged.' },
  payment_intent_authentication_failure: {
    kind: 'card',
    sentence: 'Your bank asked you to confirm the payment, and it was not confirmed. Nothing was charged.',
  },
  processing_error: { kind: 'processing', sentence: 'The card could not be charged just now, because of a problem at the card network. Nothing was charged.' },
  rate_limit: { kind: 'processing', sentence: 'The payment service was too busy to take the payment. Nothing was charged.' },
  api_connection_error: { kind: 'connection', sentence: 'The connection to the payment service broke off. Nothing was charged.' },
};

/**
 * The message's plain sentence when the message is one of Stripe's codes we know (the query
 * carried only the code, no description), else null.
 */
export function stripeCode(message: string): { code: string; sentence: string; kind: PaymentErrorKind } | null {
  const code = message.trim().toLowerCase();
  const known = Object.hasOwn(STRIPE_CODES, code) ? STRIPE_CODES[code] : undefined;
  return known ? { code, ...known } : null;
}

/** The class of a message (SPEC §2), case-insensitive; "card" wins over "network"/"connection". */
export function classifyPaymentError(message: string): PaymentErrorKind {
  const text = message.toLowerCase();
  if (text.includes('card')) return 'card';
  if (text.includes('network') || text.includes('connection')) return 'connection';
  return 'processing';
}

function clean(value: string | null): string {
  // Control characters (a URL can carry any) become spaces; runs of whitespace collapse.
  const text = Array.from(value ?? '', (c) => {
    const code = c.charCodeAt(0);
    return code < 32 || code === 127 ? ' ' : c;
  }).join('');
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The message to show: error_description, else error, else the default sentence (SPEC §2);
 * `fromQuery` says whether the query supplied it.
 */
export function paymentErrorMessage(params: URLSearchParams): { message: string; fromQuery: boolean } {
  const raw = clean(params.get('error_description')) || clean(params.get('error'));
  if (!raw) return { message: DEFAULT_PAYMENT_ERROR_MESSAGE, fromQuery: false };
  const chars = Array.from(raw);
  const message = chars.length > MAX_ERROR_MESSAGE_LENGTH ? `${chars.slice(0, MAX_ERROR_MESSAGE_LENGTH - 1).join('')}…` : raw;
  return { message, fromQuery: true };
}

/** The support e-mail's subject and body; both carry the error text (URL-encoded by supportMailto). */
export function paymentErrorEmail(title: string, message: string, when: Date): { subject: string; body: string } {
  return {
    subject: `${title}: ${message}`,
    body: [
      'Hello ListingLift support,',
      '',
      'My payment did not go through. The error was:',
      message,
      '',
      `Time: ${when.toISOString()}`,
      '',
      'The e-mail address of my ListingLift account and my listing URL:',
      '',
    ].join('\n'),
  };
}

/** SPEC §2: 3 items, on declines, safety, and being charged without service. */
export const PAYMENT_ERROR_FAQS: readonly FaqItem[] = [
  {
    question: 'Why was my payment declined?',
    answer:
      'Banks decline payments for reasons such as insufficient funds, a mistyped card detail, an expired card or fraud checks on an online payment. Only your bank knows the exact reason, so it is the quickest place to ask; we are not told.',
  },
  {
    question: 'Is my payment information safe?',
    answer:
      'Yes. Checkout is handled by Stripe, a PCI DSS Level 1 certified payment provider. Your card details go straight to Stripe over an encrypted connection; ListingLift never sees or stores them.',
  },
  {
    question: 'I was charged but did not get my report. What should I do?',
    answer:
      'Open your dashboard first: a paid optimization appears there, and its report opens from it once it is ready. If it is not there, or a charge shows after a failed payment, contact support with the e-mail address you used and the date of the charge, and we will look it up and put it right. A declined payment can also show as a pending hold that your bank releases on its own within a few days.',
  },
];
