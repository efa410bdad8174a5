import { useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { PageShell } from '@/components/layouts/page-shell';
import { buttonClasses, ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { FaqList } from '@/components/ui/faq-list';
import { Icon } from '@/components/ui/icon';
import { config as appConfig, type AppConfig } from '@/lib/config';
import {
  classifyPaymentError,
  PAYMENT_ERROR_CLASSES,
  PAYMENT_ERROR_FAQS,
  paymentErrorEmail,
  paymentErrorMessage,
  stripeCode,
} from '../payment-error';
import { supportMailto, supportTel } from '@/lib/support';

interface PaymentErrorPageProps {
  config?: Pick<AppConfig, 'supportEmail' | 'supportPhone' | 'helpCenterUrl'>;
}

/**
 * "/payment-error" (SPEC §2): reads `error` and `error_description`, classifies the message
 * (Card Payment Failed, Connection Error, Payment Processing Error) and offers that class's
 * 4 suggestions, Try Again (→ /), a support e-mail carrying the error text, Call Support,
 * the Help Center and a 3-item FAQ. The message comes from the URL: text only, never HTML.
 * Call Support and Help Center appear when the runtime configuration has a number / URL.
 */
export function PaymentErrorPage({ config = appConfig }: PaymentErrorPageProps) {
  const [searchParams] = useSearchParams();
  const [now] = useState(() => new Date());
  const { message, fromQuery } = paymentErrorMessage(searchParams);
  // A message that is only a Stripe code ("card_declined") is said in a sentence, the code
  // kept as small print for support; the code decides the class where SPEC §2's text rule
  // cannot read it ("insufficient_funds" is a card's problem).
  const known = fromQuery ? stripeCode(message) : null;
  const errorClass = PAYMENT_ERROR_CLASSES[known?.kind ?? classifyPaymentError(fromQuery ? message : '')];
  const mail = supportMailto(config.supportEmail, paymentErrorEmail(errorClass.title, message, now));
  const tel = supportTel(config.supportPhone);

  return (
    <PageShell documentTitle={`${errorClass.title} · ListingLift`} mainClassName="py-12 sm:py-16">
      <Container className="max-w-3xl">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10" data-kind={errorClass.kind} data-testid="payment-error">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-600" aria-hidden="true">
            <Icon name="alert" className="h-7 w-7" />
          </span>
          <h1 className="mt-5 text-3xl font-bold tracking-tight text-balance text-slate-900">{errorClass.title}</h1>
          <p className="mx-auto mt-3 max-w-xl text-pretty text-slate-600">{errorClass.lead}</p>
          <div className="mx-auto mt-6 max-w-xl rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-left">
            <p className="text-xs font-semibold tracking-wide text-red-800 uppercase">What happened</p>
            {known && (
              <p className="mt-1 text-sm font-medium text-red-900" data-testid="payment-error-plain">
                {known.sentence}
              </p>
            )}
            {known ? (
              <p className="mt-1 text-xs text-red-800">
                Error code: <span data-testid="payment-error-message">{message}</span>
              </p>
            ) : (
              <p className="mt-1 text-sm break-words text-red-900" data-testid="payment-error-message">
                {message}
              </p>
            )}
          </div>

          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">
            <ButtonLink to="/#optimize" size="lg">
              Try Again
            </ButtonLink>
            <a href={mail} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              <Icon name="mail" className="h-4 w-4" />
              Contact Support
            </a>
            {tel && (
              <a href={tel} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
                <Icon name="phone" className="h-4 w-4" />
                Call Support
              </a>
            )}
          </div>
        </div>

        <section aria-labelledby="payment-error-suggestions" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="payment-error-suggestions" className="text-lg font-semibold text-slate-900">
            What you can try
          </h2>
          <ol className="mt-4 space-y-3">
            {errorClass.suggestions.map((suggestion, index) => (
              <li key={suggestion} data-testid="payment-error-suggestion" className="flex gap-3 text-sm text-slate-700">
                <span
                  className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5">{suggestion}</span>
              </li>
            ))}
          </ol>
          {config.helpCenterUrl && (
            <p className="mt-6 text-sm text-slate-600">
              More answers in the{' '}
              <a
                href={config.helpCenterUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
              >
                Help Center
                <Icon name="link" className="h-4 w-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </p>
          )}
        </section>

        <section aria-labelledby="payment-error-faq" className="mt-8">
          <h2 id="payment-error-faq" className="text-lg font-semibold text-slate-900">
            Frequently asked questions
          </h2>
          <FaqList items={PAYMENT_ERROR_FAQS} testId="payment-error-faq" size="sm" className="mt-4 bg-white" />
        </section>
      </Container>
    </PageShell>
  );
}
