/**
 * What the host is told about their money, decided once for the success page, the
 * results screen and the dashboard: refunds, orders that ended without a report, and
 * the Basic → Premium upgrade. The server's refund e-mail says the same
 * (backend/reportmail/refund.go).
 */
import { formatDate } from '@/lib/format';
import { formatCharge } from '@/lib/plans';
import { type Refund } from '@/types/api';

/** Card networks take 5–10 business days to show a refund. */
export const REFUND_DELAY = 'it can take 5–10 days to appear';

/**
 * Said instead of a refund when the payment never went through the payment provider (payments
 * off): the order counted as paid, but nothing was charged, so nothing went back. The same
 * words as the refund e-mail's (backend/reportmail/refund.go NothingCharged; a Go test compares).
 */
export const NOTHING_CHARGED = 'Nothing was charged for this order, so there was nothing to refund.';
export const NOTHING_CHARGED_UPGRADE = 'Nothing was charged for the upgrade, so there was nothing to refund.';

/**
 * "Your payment of $19.99 was refunded on November 23, 2026 — it can take 5–10 days to appear.";
 * for a refund of nothing charged, that nothing was charged.
 */
export function refundSentence(refund: Refund, what: 'Your payment' | 'Your upgrade payment' = 'Your payment'): string {
  if (refund.nothing_charged) return what === 'Your upgrade payment' ? NOTHING_CHARGED_UPGRADE : NOTHING_CHARGED;
  return `${what} of ${formatCharge(refund.amount)} was refunded on ${formatDate(refund.refunded_at)} — ${REFUND_DELAY}.`;
}

/** The heading of an unpaid order's screen: the page waits for Stripe, and says so. */
export const WAITING_FOR_PAYMENT = 'Waiting for Stripe to confirm your payment';

/** What the page does meanwhile, and what happens next (no report is started before the payment). */
export const WAITING_FOR_PAYMENT_NOTE =
  'This usually takes a few seconds. We check every few seconds; your report starts as soon as the payment is confirmed, and this page shows it when it is ready.';

/** Said when Stripe has confirmed nothing for a while: nothing is promised for a payment that may not exist. */
export const WAITING_FOR_PAYMENT_SLOW =
  'Stripe has not confirmed a payment yet. If you closed the checkout page before paying, you can resume it; nothing is charged until you pay.';

/** After this long without a report the loading screen stops promising 60 seconds. */
export const SLOW_AFTER_MS = 60_000;

/** What the loading screen says once the report is taking longer than usual (`emailed`: the plan e-mails the report). */
export function slowNote(emailed: boolean): string {
  return `Your report is taking longer than usual. You can leave this page: it will appear on your dashboard${
    emailed ? ' and arrive by e-mail' : ''
  } when it is ready.`;
}

/** An order that ended without a report, as GET /api/get-optimization-result says. */
export interface EndedOrder {
  /** failed, refunded or expired. */
  status: string;
  reason: string;
  orderId: string;
  amount: number;
  paid: boolean;
  /** Counted as paid, but the payment never went through the payment provider (payments off). */
  nothingCharged?: boolean;
  refund: Refund | null;
  /** The order was a free re-check of this bought report. */
  recheckOf?: string;
}

export interface EndedCopy {
  title: string;
  /** What happened to the money. */
  money: string;
  /** The primary next step. */
  next: { label: string; to: string };
}

/** Every stored failure reason starts with this; the failure screen's heading says it already. */
export const REPORT_FAILED_PREFIX = 'We could not prepare your report.';

/** The reason without the words the heading already says. */
export function reasonText(reason: string): string {
  return reason.startsWith(REPORT_FAILED_PREFIX) ? reason.slice(REPORT_FAILED_PREFIX.length).trim() : reason.trim();
}

/** The failure screen's words for an ended order. */
export function endedCopy(order: EndedOrder): EndedCopy {
  const tryAnother = { label: 'Try another listing', to: '/#optimize' };
  if (order.recheckOf) {
    return {
      title: "We couldn't finish the re-check",
      money: 'Re-checks are free: nothing was charged, and your report is as it was.',
      next: { label: 'Back to your report', to: `/payment-success?session_id=${encodeURIComponent(order.recheckOf)}` },
    };
  }
  if (order.status === 'expired') {
    return { title: 'Checkout was not completed', money: 'You have not been charged.', next: { label: 'Start again', to: '/#optimize' } };
  }
  if (!order.paid) {
    return { title: 'Your payment did not go through', money: 'You have not been charged.', next: { label: 'Try again', to: '/#optimize' } };
  }
  if (order.nothingCharged) {
    return { title: "We couldn't prepare your report", money: NOTHING_CHARGED, next: tryAnother };
  }
  if (order.refund) {
    return { title: "We couldn't prepare your report", money: refundSentence(order.refund), next: tryAnother };
  }
  return {
    title: "We couldn't prepare your report",
    money: `Your payment of ${formatCharge(order.amount)} is being refunded in full; we will e-mail you when it is done.`,
    next: tryAnother,
  };
}

/** The dashboard's label of a failed order whose "refund" moved no money (payments off: nothing was charged). */
export const NOT_CHARGED_LABEL = 'Not charged';

/** Dashboard labels for the statuses the SPEC does not name (shown grey). */
export const STATUS_LABELS: Readonly<Record<string, string>> = {
  refunded: 'Refunded',
  expired: 'Checkout not completed',
};

/** The upgrade button's words. */
export function upgradeLabel(amount: number | undefined): string {
  return amount ? `Upgrade to Premium for ${formatCharge(amount)}` : 'Upgrade to Premium';
}
