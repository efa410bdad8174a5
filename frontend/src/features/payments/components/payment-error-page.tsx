import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** "/payment-error" (SPEC §2). Placeholder until the payments issue. */
export function PaymentErrorPage() {
  return <PlaceholderPage title="Payment error" />;
}
