import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { SimplePageLayout } from '@/components/layouts/simple-page-layout';
import { ButtonLink } from '@/components/ui/button';
import { ResultsScreen } from '@/features/report/components/results-screen';
import { ApiError, useApiClient } from '@/lib/api-client';
import { config as appConfig } from '@/lib/config';
import { getSharedReport, SHARE_UNAVAILABLE_MESSAGE, type SharedReport } from '../api/get-shared-report';

type State = { status: 'loading' } | { status: 'ready'; report: SharedReport } | { status: 'error'; message: string };

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
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const ctl = new AbortController();
    getSharedReport(api, token, ctl.signal).then(
      (report) => setState({ status: 'ready', report }),
      (error: unknown) => {
        if (!ctl.signal.aborted) setState({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => ctl.abort();
  }, [api, token]);

  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'error') {
    return (
      <SimplePageLayout title="Shared report unavailable">
        <p role="alert" className="mt-4 text-slate-600" data-testid="shared-error">
          {state.message}
        </p>
        <ButtonLink to="/" className="mt-8">
          Go Home
        </ButtonLink>
      </SimplePageLayout>
    );
  }
  const { report } = state;
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
