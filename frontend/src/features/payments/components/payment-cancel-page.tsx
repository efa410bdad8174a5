import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** "/payment-cancel" (SPEC §2). Placeholder until the payments issue. */
export function PaymentCancelPage() {
  return (
    <PlaceholderPage title="Payment cancelled">
      <p>No charge was made.</p>
    </PlaceholderPage>
  );
}
