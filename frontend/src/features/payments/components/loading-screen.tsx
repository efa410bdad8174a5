import { PageShell } from '@/components/layouts/page-shell';
import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { HERO } from '@/features/landing/content';
import { cn } from '@/lib/cn';
import { PLANS, type PlanId } from '@/lib/plans';
import { useLoadingProgress } from '../hooks/use-loading-progress';
import { LOADING_TITLE, loadingSteps, PREMIUM_DURATION_NOTE, whatsIncluded } from '../loading';
import { type ResultStage } from '../types';

interface LoadingScreenProps {
  /** The plan, once the server has said (package_type). */
  plan: PlanId | null;
  stage: ResultStage | null;
  serverProgress: number | null;
  /** random() in [0, 1) for the bar; tests inject a seeded one. */
  random: () => number;
  /** Replaces the 60-second note (the report is taking longer than usual). */
  note?: string;
  /** A status line under the title ("Waiting for payment confirmation…"). */
  statusLine?: string;
  /** The open checkout's page, while the payment is not confirmed (Resume checkout). */
  resumeUrl?: string | null;
}

/**
 * SPEC §2 loading screen: "{Plan} Package", "Creating Your Optimization Report", the
 * 60-second note, the progress bar (≤ 95 % until done), the six rotating steps, What's
 * Included and the landing page's cited claim.
 */
export function LoadingScreen({ plan, stage, serverProgress, random, note, statusLine, resumeUrl }: LoadingScreenProps) {
  const { progress, activeStep, doneBefore } = useLoadingProgress({ stage, serverProgress, plan, random });
  const percent = Math.round(progress);

  return (
    <PageShell documentTitle={`${LOADING_TITLE} · ListingLift`} mainClassName="py-10 sm:py-14">
      <Container className="max-w-2xl">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10" data-testid="loading-screen">
          <div className="text-center">
            {plan && (
              <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase" data-testid="loading-plan">
                {PLANS[plan].name} Package
              </p>
            )}
            <h1 className="mt-2 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">{LOADING_TITLE}</h1>
            <p className="mt-3 flex items-center justify-center gap-2 text-sm text-slate-600" data-testid="loading-note">
              <Icon name="clock" className="h-4 w-4 shrink-0 text-slate-500" />
              {note ?? PREMIUM_DURATION_NOTE}
            </p>
            {statusLine && (
              <p className="mt-2 text-sm font-medium text-slate-900" data-testid="loading-status">
                {statusLine}
              </p>
            )}
            {resumeUrl && (
              <p className="mt-3 text-sm text-slate-600">
                Closed the checkout page?{' '}
                <a href={resumeUrl} className="font-semibold text-brand-700 hover:underline" data-testid="resume-checkout">
                  Resume checkout
                </a>
              </p>
            )}
            <p role="status" className="sr-only">
              {statusLine ?? 'Creating your report.'} This page updates when it is ready.
            </p>
          </div>

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
            {loadingSteps(plan).map((step, index) => {
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
        </div>

        <section aria-labelledby="whats-included" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="whats-included" className="text-lg font-semibold text-slate-900">
            What&apos;s Included
          </h2>
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
          <p className="text-base font-semibold text-balance">{HERO.claim}</p>
          <figcaption className="mt-1 text-sm text-brand-100">{HERO.claimNote}</figcaption>
        </figure>
      </Container>
    </PageShell>
  );
}
