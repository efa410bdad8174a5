import { useParams } from '@/lib/router';
import { PageLoader } from '@/components/ui/page-loader';
import { SimplePageLayout } from '@/components/layouts/simple-page-layout';
import { ButtonLink } from '@/components/ui/button';
import { ResultsScreen } from '@/features/report/components/results-screen';
import { ApiError, useApiClient } from '@/lib/api-client';
import { useFetch } from '@/lib/use-fetch';
import { config as appConfig } from '@/lib/config';
import { getSharedReport, SHARE_UNAVAILABLE_MESSAGE } from '../api/get-shared-report';

function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return error.serverMessage ?? SHARE_UNAVAILABLE_MESSAGE;
  if (error instanceof ApiError) return error.message;
  return SHARE_UNAVAILABLE_MESSAGE;
}

/**
 * "/shared/:token" (issue 18): a report its owner shared, read-only, for anyone holding the link —
 * no account, no e-mail address, no order. When the link was ended or has expired, it says so.
 */
export function SharedReportPage() {
  const { token = '' } = useParams();
  const api = useApiClient();
  const state = useFetch(token, (signal) => getSharedReport(api, token, signal));

  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'error') {
    return (
      <SimplePageLayout title="Shared report unavailable">
        <p role="alert" className="mt-4 text-slate-600" data-testid="shared-error">
          {errorMessage(state.error)}
        </p>
        <ButtonLink to="/" className="mt-8">
          Go Home
        </ButtonLink>
      </SimplePageLayout>
    );
  }
  const report = state.data;
  return (
    <ResultsScreen
      result={report.result}
      sessionId=""
      config={appConfig}
      pageOrigin={window.location.origin}
      shared={{ reportDate: report.reportDate, sharedUntil: report.sharedUntil }}
    />
  );
}
