import { PageShell } from '@/components/layouts/page-shell';
import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { PHOTO_CLAIM } from '@/lib/product';
import { cn } from '@/lib/cn';
import { config as appConfig } from '@/lib/config';
import { PLANS, type PlanId } from '@/lib/plans';
import { useLoadingProgress } from '../hooks/use-loading-progress';
import { loadingContent, whatsIncluded } from '../loading';
import { WAITING_FOR_PAYMENT, WAITING_FOR_PAYMENT_NOTE, WAITING_FOR_PAYMENT_SLOW } from '@/lib/orders/money';
import { type ResultStage } from '@/lib/report/read';

interface LoadingScreenProps {
  /** The plan, once the server has said (package_type). */
  plan: PlanId | null;
  stage: ResultStage | null;
  serverProgress: number | null;
  /** random() in [0, 1) for the bar; tests inject a seeded one. */
  random: () => number;
  /** Replaces the plan's duration note (the report is taking longer than usual). */
  note?: string;
  /**
   * The payment is not confirmed yet: the page waits for Stripe and says so, with no bar
   * and no steps (no report is being made). `resumeUrl` is the open checkout's page
   * (Resume checkout); `slow` says Stripe has confirmed nothing for a while.
   */
  waitingForPayment?: { resumeUrl: string | null; slow: boolean } | null;
  /** Whether a language model writes the copy (the runtime configuration's copyModel): SPEC's "AI Analysis" only then. */
  copyModel?: boolean;
}

/**
 * SPEC §2 loading screen (Premium's: "Premium Package", "Creating Your Optimization
 * Report", the 60-second note, the bar ≤ 95 % until done, six rotating steps; Basic has its
 * own title, note and four steps), What's Included and the landing page's cited claim.
 * Before the payment is confirmed it is a waiting screen instead.
 */
export function LoadingScreen({ plan, stage, serverProgress, random, note, waitingForPayment = null, copyModel = appConfig.copyModel }: LoadingScreenProps) {
  const { progress, activeStep, doneBefore } = useLoadingProgress({ stage, serverProgress, plan, random });
  const percent = Math.round(progress);
  const content = loadingContent(plan, copyModel);
  const title = waitingForPayment ? WAITING_FOR_PAYMENT : content.title;

  return (
    <PageShell documentTitle={`${title} · ListingLift`} mainClassName="py-10 sm:py-14">
      <Container className="max-w-2xl">
        <div
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
          data-testid="loading-screen"
          data-waiting={waitingForPayment ? 'payment' : undefined}
        >
          <div className="text-center">
            {plan && (
              <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase" data-testid="loading-plan">
                {PLANS[plan].name} Package
              </p>
            )}
            {waitingForPayment && (
              <span
                aria-hidden="true"
                data-testid="payment-spinner"
                className="mx-auto mt-4 block h-10 w-10 rounded-full border-4 border-brand-100 border-t-brand-600 motion-safe:animate-spin"
              />
            )}
            <h1 className="mt-2 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">{title}</h1>
            <p className="mt-3 flex items-start justify-center gap-2 text-sm text-slate-600" data-testid="loading-note">
              {!waitingForPayment && <Icon name="clock" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />}
              <span>
                {waitingForPayment
                  ? waitingForPayment.slow
                    ? WAITING_FOR_PAYMENT_SLOW
                    : WAITING_FOR_PAYMENT_NOTE
                  : (note ?? content.note)}
              </span>
            </p>
            {waitingForPayment?.resumeUrl && (
              <p className="mt-3 text-sm text-slate-600">
                Closed the checkout page?{' '}
                <a href={waitingForPayment.resumeUrl} className="font-semibold text-brand-700 hover:underline" data-testid="resume-checkout">
                  Resume checkout
                </a>
              </p>
            )}
            <p role="status" className="sr-only">
              {waitingForPayment ? `${WAITING_FOR_PAYMENT}.` : 'Creating your report.'} This page updates when it is ready.
            </p>
          </div>

          {!waitingForPayment && (
            <>
              <div className="mt-8">
                <div className="flex items-center justify-between text-sm font-medium text-slate-700">
                  <span id="report-progress-label">Progress</span>
                  <span data-testid="progress-value">{percent}%</span>
                </div>
                <div
                  role="progressbar"
                  aria-labelledby="report-progress-label"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="mt-2 h-3 overflow-hidden rounded-full bg-slate-100"
                >
                  <div className="h-full rounded-full bg-brand-600 motion-safe:transition-[width] motion-safe:duration-700" style={{ width: `${progress}%` }} />
                </div>
              </div>

              <ol className="mt-8 space-y-2" aria-label="Steps">
                {content.steps.map((step, index) => {
                  const state = index === activeStep ? 'active' : index < doneBefore ? 'done' : 'upcoming';
                  return (
                    <li
                      key={step.title}
                      data-testid="loading-step"
                      data-state={state}
                      aria-current={state === 'active' ? 'step' : undefined}
                      className={cn(
                        'flex items-start gap-3 rounded-xl border px-4 py-3 transition-colors',
                        state === 'active' ? 'border-brand-200 bg-brand-50' : 'border-transparent',
                      )}
                    >
                      <span
                        aria-hidden="true"
                        className={cn(
                          'mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                          state === 'done' && 'bg-green-100 text-green-700',
                          state === 'active' && 'bg-brand-600 text-white',
                          state === 'upcoming' && 'bg-slate-100 text-slate-500',
                        )}
                      >
                        {state === 'done' ? <Icon name="check" className="h-4 w-4" /> : index + 1}
                      </span>
                      <span className="min-w-0">
                        <span className={cn('block text-sm font-semibold', state === 'upcoming' ? 'text-slate-600' : 'text-slate-900')}>
                          {step.title}
                          {state === 'done' && <span className="sr-only"> (done)</span>}
                        </span>
                        <span className="block text-sm text-slate-600">{step.text}</span>
                      </span>
                    </li>
                  );
                })}
              </ol>
            </>
          )}
        </div>

        <section aria-labelledby="whats-included" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="whats-included" className="text-lg font-semibold text-slate-900">
            What&apos;s Included
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            In your {plan ? `${PLANS[plan].name} ` : ''}report. Anything your listing page does not show is marked “Not assessed”, with the reason.
          </p>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2" data-testid="whats-included">
            {whatsIncluded(plan).map((item) => (
              <li key={item} className="flex gap-2 text-sm text-slate-700">
                <Icon name="check" className="mt-0.5 h-4 w-4 text-brand-600" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>

        <figure className="mt-6 rounded-2xl bg-brand-600 px-6 py-5 text-center text-white" data-testid="loading-claim">
          <p className="text-base font-semibold text-balance">{PHOTO_CLAIM.claim}</p>
          <figcaption className="mt-1 text-sm text-brand-100">{PHOTO_CLAIM.note}</figcaption>
        </figure>
      </Container>
    </PageShell>
  );
}
