/**
 * Copy of "/payment-cancel" (SPEC §2). The plans, prices and feature lists come from the
 * landing page's pricing content (one source of truth); only the links differ: SPEC §2
 * sends "Choose Basic" to /?package=basic and "Choose Premium" to /?package=premium — at the
 * form itself (#optimize), which refills the listing the host had entered before checkout.
 */
import { PRICING_PLANS, type PricingPlan } from '@/lib/product';

export const CANCEL_PLANS: readonly PricingPlan[] = PRICING_PLANS.map((plan) => ({
  ...plan,
  cta: { label: `Choose ${plan.name}`, to: `/?package=${plan.id}#optimize` },
}));

export const CANCEL_COPY = {
  title: 'Payment cancelled',
  noCharge: 'No charge was made.',
  lead: 'You left checkout before paying, so nothing was charged to your card. Whenever you are ready, pick a plan and start again.',
  plansTitle: 'Choose a plan to continue',
  supportSubject: 'Question about a cancelled ListingLift payment',
  security:
    'Your data is secure. Payments are processed by Stripe over an encrypted connection; ListingLift never sees or stores your card details.',
} as const;
