import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** "/payment-success" (SPEC §2). Placeholder until the results issue. */
export function PaymentSuccessPage() {
  return <PlaceholderPage title="Payment successful" />;
}
