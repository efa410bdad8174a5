import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { SimplePageLayout } from '@/components/layouts/simple-page-layout';
import { Button, ButtonLink, buttonClasses } from '@/components/ui/button';
import { readPendingOptimization, removePendingOptimization } from '@/lib/draft';
import { useAuth } from '@/lib/auth/context';
import { config as appConfig, type AppConfig } from '@/lib/config';
import { NO_SESSION_ID_HINT, NO_SESSION_ID_MESSAGE, RESULTS_ERROR_TITLE } from '@/lib/messages';
import { type OptimizationResult } from '@/lib/report/read';
import { useLandOnChange } from '../hooks/use-land-on-change';
import { useOptimizationResult } from '../hooks/use-optimization-result';
import { drawnResult } from '@/lib/orders/drawn-result';
import { type CompletedResult } from '@/lib/orders/get-optimization-result';
import { SLOW_AFTER_MS, slowNote } from '@/lib/orders/money';
import { PLANS } from '@/lib/plans';
import { supportMailto } from '@/lib/support';
import { LoadingScreen } from './loading-screen';
import { OrderEnded } from './order-ended';
import { RecheckOffer } from './recheck-offer';
import { ShareOffer } from './share-offer';
import { UpgradeOffer } from './upgrade-offer';
import { WatchPanel } from '@/components/watch/watch-panel';

/** True once `ms` have passed since the component mounted (the report is taking longer than usual). */
function useAfter(ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}

type SuccessConfig = Pick<AppConfig, 'apiBase' | 'supportEmail'>;

/** A finished order's report as this page hands it to the report viewer, with the owner's offers. */
export interface CompletedReport {
  result: OptimizationResult;
  sessionId: string;
  config: SuccessConfig;
  /** Premium: the PDF is being made again (storage refused it). */
  pdfPending: boolean;
  /** The page was drawn by the server without the PDF link, which is being asked for. */
  pdfLinkPending?: boolean;
  upgradeOffer: ReactNode;
  recheckOffer: ReactNode;
  shareOffer: ReactNode;
  /** The bought report's Watch (issue 45): its state, controls, chart and weeks. */
  watchPanel?: ReactNode;
}

/** Shows a finished report: the report feature's viewer, given by app/ (which composes the two). */
export type RenderReport = (report: CompletedReport) => ReactNode;

interface PaymentSuccessPageProps {
  renderReport: RenderReport;
  /** random() in [0, 1) for the loading bar; tests inject a seeded one. */
  random?: () => number;
  config?: SuccessConfig;
}

/** SPEC §2/§8 error state: "Error Loading Results", the message, Go Home; `hint` says what to do. */
export function ResultsError({ message, hint, sessionId, config }: { message: string; hint?: string; sessionId?: string; config: SuccessConfig }) {
  return (
    <SimplePageLayout title={RESULTS_ERROR_TITLE}>
      <p role="alert" className="mt-4 break-words text-slate-600" data-testid="results-error">
        {message}
      </p>
      {hint && (
        <p className="mt-2 text-slate-600" data-testid="results-error-hint">
          {hint}
        </p>
      )}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/">Go Home</ButtonLink>
        {sessionId ? (
          <a
            href={supportMailto(config.supportEmail, {
              subject: 'My optimization report did not load',
              body: `The report page said: ${message}\n\nCheckout session: ${sessionId}\n`,
            })}
            className={buttonClasses({ variant: 'secondary' })}
          >
            Contact Support
          </a>
        ) : (
          <ButtonLink to="/dashboard" variant="secondary">
            View Dashboard
          </ButtonLink>
        )}
      </div>
    </SimplePageLayout>
  );
}

/**
 * Signed out: the report is private to the account that bought it. The login page has
 * no "return to" parameter (it always lands on "/"), so the prompt says where to find
 * the report afterwards: the dashboard lists it.
 */
function SignInRequired() {
  return (
    <SimplePageLayout title="Log in to see your report">
      <p className="mt-4 text-slate-600">
        Reports are private to the account that ordered them. Log in with that account, then open this report from your Dashboard.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/login">Log in</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Go Home
        </ButtonLink>
      </div>
    </SimplePageLayout>
  );
}

function StillWorking({ onRetry }: { onRetry: () => void }) {
  return (
    <SimplePageLayout title="Your report is taking longer than usual">
      <p className="mt-4 text-slate-600">
        We are still working on it and stopped checking for now. Check again in a minute, or find the report on your Dashboard once it is ready.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button onClick={onRetry}>Check again</Button>
        <ButtonLink to="/dashboard" variant="secondary">
          View Dashboard
        </ButtonLink>
      </div>
    </SimplePageLayout>
  );
}

function ReportForSession({
  sessionId,
  userKey,
  enabled,
  random,
  config,
  renderReport,
  drawn,
}: {
  sessionId: string;
  userKey: string;
  enabled: boolean;
  random: () => number;
  config: SuccessConfig;
  renderReport: RenderReport;
  drawn: CompletedResult | null;
}) {
  const state = useOptimizationResult(sessionId, userKey, enabled, drawn);
  const slow = useAfter(SLOW_AFTER_MS);
  const rootRef = useRef<HTMLDivElement>(null);
  useLandOnChange(state.status === 'waiting' ? 'waiting' : state.status === 'completed' ? 'report' : 'other', rootRef);
  return (
    <div ref={rootRef} className="contents">
      {sessionView(state, { sessionId, random, config, renderReport, slow })}
    </div>
  );
}

/** The page for the order's state: the loading screen, the report with its offers, or why there is none. */
function sessionView(
  state: ReturnType<typeof useOptimizationResult>,
  { sessionId, random, config, renderReport, slow }: { sessionId: string; random: () => number; config: SuccessConfig; renderReport: RenderReport; slow: boolean },
): ReactNode {
  switch (state.status) {
    case 'waiting': {
      const plan = state.progress?.packageType ?? null;
      const unpaid = state.progress?.paid === false;
      return (
        <LoadingScreen
          plan={plan}
          stage={state.progress?.stage ?? null}
          serverProgress={state.progress?.progress ?? null}
          random={random}
          note={slow ? slowNote(plan !== null && PLANS[plan].email) : undefined}
          waitingForPayment={unpaid ? { resumeUrl: state.progress?.checkoutUrl ?? null, slow } : null}
        />
      );
    }
    case 'completed':
      return renderReport({
        result: state.result,
        sessionId,
        config,
        pdfPending: state.pdfPending,
        pdfLinkPending: state.linksPending === true,
        upgradeOffer: state.orderId && state.upgrade ? <UpgradeOffer orderId={state.orderId} upgrade={state.upgrade} onUpgraded={state.retry} /> : null,
        recheckOffer: state.recheck ? <RecheckOffer recheck={state.recheck} /> : null,
        watchPanel: state.watch ? (
          <WatchPanel
            as="section"
            watch={state.watch}
            className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
          />
        ) : null,
        // Keyed by the link: a drawn page's offer starts without it, and the answer asked for
        // with the ID token brings it (ShareOffer reads `initial` once).
        shareOffer: state.orderId ? (
          <ShareOffer key={state.share?.url ?? ''} orderId={state.orderId} initial={state.share} pageOrigin={window.location.origin} />
        ) : null,
      });
    case 'ended':
      return <OrderEnded order={state.order} supportEmail={config.supportEmail} />;
    case 'error':
      return <ResultsError message={state.message} sessionId={sessionId} config={config} />;
    case 'timeout':
      return <StillWorking onRetry={state.retry} />;
  }
}

/**
 * "/payment-success?session_id=…" (SPEC §2): Stripe Checkout returns here. Without a
 * session id: "No session ID found." (SPEC §8). The report is owner-only, so it waits for
 * the auth state (showing the loading screen) and asks a signed-out visitor to log in;
 * signed in, it polls for the report, showing the loading screen until it is complete.
 * A finished report the server drew the page with (its owner's session cookie) shows at
 * once, while the session restores; it is dropped if the session turns out to be another
 * host's, and a signed-out visitor is asked to log in as before.
 */
export function PaymentSuccessPage({ renderReport, random = Math.random, config = appConfig }: PaymentSuccessPageProps) {
  const [searchParams] = useSearchParams();
  const auth = useAuth();
  const sessionId = searchParams.get('session_id')?.trim() ?? '';
  // Back from the checkout with a session: the form kept for a cancelled payment is not needed.
  useEffect(() => {
    if (sessionId && readPendingOptimization()?.resume === 'form') removePendingOptimization();
  }, [sessionId]);

  const drawn = useMemo(() => drawnResult(sessionId), [sessionId]);
  const mine = drawn && (auth.status === 'loading' || auth.user?.uid === drawn.uid) ? drawn.result : null;

  if (!sessionId) return <ResultsError message={NO_SESSION_ID_MESSAGE} hint={NO_SESSION_ID_HINT} config={config} />;
  if (auth.status === 'signed-out') return <SignInRequired />;
  return (
    <ReportForSession
      sessionId={sessionId}
      userKey={auth.user?.uid ?? ''}
      enabled={auth.status === 'signed-in'}
      random={random}
      config={config}
      renderReport={renderReport}
      drawn={mine}
    />
  );
}
