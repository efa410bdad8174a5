import { PaymentSuccessPage } from '@/features/orders/components/payment-success-page';
import { ResultsScreen } from '@/features/report/components/results-screen';

/** "/payment-success": the order's page (orders) showing its report in the report viewer (report). */
export function PaymentSuccessRoute({ random, config }: Pick<Parameters<typeof PaymentSuccessPage>[0], 'random' | 'config'>) {
  return (
    <PaymentSuccessPage
      random={random}
      config={config}
      renderReport={(report) => <ResultsScreen {...report} pageOrigin={window.location.origin} />}
    />
  );
}
