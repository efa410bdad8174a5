import { Link } from '@/lib/router';
import { PageShell } from '@/components/layouts/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { PlanCard } from '@/components/ui/plan-card';
import { config as appConfig, type AppConfig } from '@/lib/config';
import { CANCEL_COPY, CANCEL_PLANS } from '../cancel-content';
import { supportMailto } from '@/lib/support';

interface PaymentCancelPageProps {
  config?: Pick<AppConfig, 'supportEmail'>;
}

/**
 * "/payment-cancel" (SPEC §2): the host left Stripe Checkout without paying. Says no
 * charge was made, offers both plans again (Choose Basic → /?package=basic, Choose
 * Premium → /?package=premium), Back to Home, Contact Support (mail link), View
 * Dashboard, and a data-security note.
 */
export function PaymentCancelPage({ config = appConfig }: PaymentCancelPageProps) {
  return (
    <PageShell documentTitle={`${CANCEL_COPY.title} · ListingLift`} mainClassName="py-12 sm:py-16">
      <Container className="max-w-4xl">
        <div className="text-center">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-600" aria-hidden="true">
            <Icon name="alert" className="h-7 w-7" />
          </span>
          <h1 className="mt-5 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{CANCEL_COPY.title}</h1>
          <p className="mt-3 text-lg font-semibold text-slate-900" data-testid="no-charge">
            {CANCEL_COPY.noCharge}
          </p>
          <p className="mx-auto mt-2 max-w-xl text-pretty text-slate-600">{CANCEL_COPY.lead}</p>
        </div>

        <section aria-labelledby="cancel-plans-title" className="mt-12">
          <h2 id="cancel-plans-title" className="text-center text-xl font-semibold text-slate-900">
            {CANCEL_COPY.plansTitle}
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            {CANCEL_PLANS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} idPrefix="cancel-plan" action={plan.cta} highlighted={plan.highlighted} size="md" />
            ))}
          </div>
        </section>

        <nav aria-label="More options" className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
            Back to Home
          </Link>
          <a href={supportMailto(config.supportEmail, { subject: CANCEL_COPY.supportSubject })} className={buttonClasses({ variant: 'secondary' })}>
            <Icon name="mail" className="h-4 w-4" />
            Contact Support
          </a>
          <Link to="/dashboard" className={buttonClasses({ variant: 'secondary' })}>
            View Dashboard
          </Link>
        </nav>

        <p
          className="mx-auto mt-10 flex max-w-2xl items-start gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left text-sm text-slate-600"
          data-testid="security-note"
        >
          <Icon name="shield" className="mt-0.5 h-5 w-5 text-green-600" />
          <span>{CANCEL_COPY.security}</span>
        </p>
      </Container>
    </PageShell>
  );
}
