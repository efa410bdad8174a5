import { useId } from 'react';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { EmailInput, Field, hintIdOf, labelClasses, TextArea, TextInput } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { Pill } from '@/components/ui/pill';
import { RefusalText } from '@/components/refusal-text';
import { cn } from '@/lib/cn';
import { config as appConfig } from '@/lib/config';
import { hasFullAnalysis, PLAN_IDS, PLANS } from '@/lib/plans';
import { coverageLine, readInPart } from '../coverage';
import { useOptimizeForm, type OptimizeFormState, type UseOptimizeFormOptions } from '../hooks/use-optimize-form';
import { ListingReadStatus } from './listing-read-status';
import { TypedDetailsChoice } from './typed-details-choice';
import { type OptimizeTextField } from '../types';

const PLAN_OPTIONS = PLAN_IDS.map((id) => PLANS[id]);

export type OptimizeFormProps = UseOptimizeFormOptions & {
  /** Whether the server takes payment; default the runtime config's. */
  paymentsEnabled?: boolean;
};

/** The optimize form with its own state, submitting to `onSubmit` (OptimizePanel adds the real flow). */
export function OptimizeForm({ paymentsEnabled = appConfig.paymentsEnabled, ...props }: OptimizeFormProps) {
  return <OptimizeFormView form={useOptimizeForm(props)} paymentsEnabled={paymentsEnabled} />;
}

interface OptimizeFormViewProps {
  form: OptimizeFormState;
  /** A message about the flow shown above the button (role="status"), e.g. SPEC §4's "Welcome back!…". */
  notice?: string | null;
  /** Whether the server takes payment (runtime config): without, the line under the button says so. */
  paymentsEnabled?: boolean;
}

/** The optimize form (SPEC §2 "/", §4 "Optimize form", §5), drawn from useOptimizeForm's state. */
export function OptimizeFormView({ form, notice = null, paymentsEnabled = appConfig.paymentsEnabled }: OptimizeFormViewProps) {
  const id = useId();
  const ids = {
    url: `${id}-listing-url`,
    scrapeStatus: `${id}-scrape-status`,
    scrapeError: `${id}-scrape-error`,
    submitBlocked: `${id}-submit-blocked`,
    email: `${id}-email`,
    title: `${id}-title`,
    description: `${id}-description`,
    error: `${id}-error`,
    typed: `${id}-typed-details`,
  };
  const submitting = form.status === 'submitting';
  const scraping = form.scrape.status === 'scraping';
  const busy = submitting || scraping || form.hold !== null;
  // What a report on this listing will cover, for the chosen plan (a warning before a Premium
  // whose market analytics would be empty).
  const coverage = coverageLine(form.plan, form.scrape.coverage);
  const blocked = form.scrape.unreadable || (form.scrape.needsChoice && !form.scrape.useTyped) || form.nothingOffered;
  const invalid = (field: 'listingUrl' | 'email') => form.missing.includes(field);
  // A text field's name, value and change handler, from the form's state.
  const bound = (field: OptimizeTextField) => ({
    name: field,
    value: form.values[field],
    onChange: (event: { target: { value: string } }) => {
      form.setField(field, event.target.value);
    },
  });

  return (
    <form
      noValidate
      aria-label="Optimize your listing"
      onSubmit={(event) => void form.handleSubmit(event)}
      className="space-y-6"
    >
      <Field
        id={ids.url}
        label="Listing URL"
        invalid={invalid('listingUrl')}
        hint="The public link to your Airbnb, Vrbo or Booking.com listing."
        describedBy={(own) => [own.hint, ids.scrapeStatus, form.scrape.error && ids.scrapeError]}
        after={
          <>
            <ListingReadStatus
              id={ids.scrapeStatus}
              errorId={ids.scrapeError}
              status={form.scrape.status}
              error={form.scrape.error}
              summary={form.scrape.summary}
              inPart={readInPart(form.scrape.coverage)}
              complete={form.scrape.coverage?.complete === true}
            />
            {form.scrape.needsChoice && <TypedDetailsChoice id={ids.typed} checked={form.scrape.useTyped} onChange={form.scrape.chooseTyped} />}
          </>
        }
      >
        {(control) => (
          <TextInput
            {...control}
            {...bound('listingUrl')}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://www.airbnb.com/rooms/12345"
            aria-required="true"
          />
        )}
      </Field>

      <Field
        id={ids.email}
        label="Email"
        invalid={invalid('email')}
        hint={form.emailLocked ? 'Reports go to your account’s e-mail address.' : 'Where we send your report.'}
      >
        {(control) => (
          <EmailInput
            {...control}
            {...bound('email')}
            placeholder="you@example.com"
            aria-required="true"
            readOnly={form.emailLocked}
          />
        )}
      </Field>

      <div className="grid gap-6">
        {/* One hint, under the description, speaks for both optional fields. */}
        <Field id={ids.title} label="Listing title" optional describedBy={() => [hintIdOf(ids.description)]}>
          {(control) => (
            <TextInput
              {...control}
              {...bound('title')}
              type="text"
              autoComplete="off"
              readOnly={scraping}
            />
          )}
        </Field>
        <Field
          id={ids.description}
          label="Listing description"
          optional
          hint="Filled in from your listing page once we have read it. Edit them as you like, or leave them empty."
        >
          {(control) => (
            <TextArea
              {...control}
              {...bound('description')}
              rows={4}
              readOnly={scraping}
              className="resize-y"
            />
          )}
        </Field>
      </div>

      <fieldset>
        <legend className={labelClasses}>Choose your plan</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 sm:items-start">
          {PLAN_OPTIONS.map((option) => {
            const plan = PLANS[option.id];
            const inputId = `${id}-plan-${option.id}`;
            const checked = form.plan === option.id;
            // A plan the server does not offer for this listing: shown, not choosable, with the reason.
            const refusal = form.refused[option.id];
            const refused = refusal !== null;
            // What this plan will deliver for this listing, said before payment.
            const delivery = form.deliveries[option.id];
            // The card's flag only where the server says it is earned (a Premium that delivers
            // its list for this listing): none before a listing is read.
            const badge = delivery?.badge ?? '';
            return (
              <label
                key={option.id}
                htmlFor={inputId}
                data-testid={`plan-${option.id}`}
                className={cn(
                  'relative flex gap-3 rounded-xl border bg-white p-4 transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                  refused
                    ? 'cursor-not-allowed border-dashed border-slate-300 bg-slate-50'
                    : checked
                      ? 'cursor-pointer border-brand-600 ring-1 ring-brand-600'
                      : 'cursor-pointer border-slate-300 hover:border-slate-400',
                  hasFullAnalysis(option.id) && !refused && 'bg-brand-50/60',
                )}
              >
                <input
                  id={inputId}
                  type="radio"
                  name="plan"
                  value={option.id}
                  checked={checked && !refused}
                  disabled={refused}
                  onChange={() => {
                    form.setPlan(option.id);
                  }}
                  aria-labelledby={`${inputId}-name`}
                  aria-describedby={`${inputId}-summary`}
                  className="mt-1 h-4 w-4 shrink-0 accent-brand-600 focus-visible:outline-none"
                />
                <span className="min-w-0">
                  <span id={`${inputId}-name`} className="flex flex-wrap items-baseline gap-x-2">
                    <span className={cn('font-semibold', refused ? 'text-slate-500' : 'text-slate-900')}>{plan.name}</span>{' '}
                    <span className={cn('font-bold', refused ? 'text-slate-500' : 'text-slate-900')}>{plan.price}</span>
                  </span>
                  {refused ? (
                    <span id={`${inputId}-summary`} className="mt-1 block text-sm text-slate-700" data-testid={`${option.id}-refused`}>
                      <RefusalText text={refusal} />
                    </span>
                  ) : (
                    <span id={`${inputId}-summary`} className="mt-1 block text-sm text-slate-600">
                      {option.summary}
                      {delivery && delivery.delivers.length > 0 && (
                        <span className="mt-2 block text-slate-700" data-testid={`${option.id}-delivers`}>
                          <span className="block font-semibold text-slate-900">For this listing:</span>
                          <span className="mt-1 block space-y-0.5">
                            {delivery.delivers.map((line) => (
                              <span key={line} className="block">
                                {line}
                              </span>
                            ))}
                          </span>
                        </span>
                      )}
                    </span>
                  )}
                </span>
                {badge && !refused && (
                  <Pill tone="brand" className="absolute -top-2.5 right-3">
                    {badge}
                  </Pill>
                )}
              </label>
            );
          })}
        </div>
      </fieldset>

      {coverage && (
        <div
          data-testid="coverage-line"
          className={cn(
            'flex items-start gap-2 rounded-lg px-4 py-3 text-sm',
            coverage.warning ? 'border border-amber-300 bg-amber-50 font-medium text-amber-900' : 'bg-slate-50 text-slate-700',
          )}
        >
          <Icon name={coverage.warning ? 'alert' : 'chart'} className="mt-0.5 h-4 w-4 shrink-0" />
          <span className="min-w-0">
            <span className="block">{coverage.text}</span>
            {coverage.notAssessed.length > 0 && (
              <span className="mt-2 block" data-testid="not-assessed">
                <span className="block font-semibold">Not assessed:</span>
                <span className="mt-1 block space-y-1">
                  {coverage.notAssessed.map((group) => (
                    <span key={group.why} className="block">
                      {group.names} — {group.why}.
                    </span>
                  ))}
                </span>
              </span>
            )}
          </span>
        </div>
      )}

      {form.error && (
        <p
          id={ids.error}
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          <Icon name="alert" className="mt-0.5 h-4 w-4" />
          <span className="min-w-0 break-words">
            <span className="block">{form.error}</span>
            {form.errorDetail && <span className="mt-1 block font-normal">{form.errorDetail}</span>}
          </span>
        </p>
      )}

      {notice && (
        <p
          role="status"
          data-testid="optimize-notice"
          className="flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800"
        >
          <Icon name="clock" className="mt-0.5 h-4 w-4" />
          {notice}
        </p>
      )}

      <div>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={busy || blocked}
          aria-busy={busy || undefined}
          aria-describedby={blocked ? ids.submitBlocked : undefined}
        >
          {form.hold ?? 'Optimize My Listing'}
        </Button>
        {blocked && (
          <p id={ids.submitBlocked} className="mt-3 text-center text-sm text-slate-700">
            {form.scrape.unreadable
              ? 'Check the listing link above: we take payment only for a listing we can read.'
              : form.nothingOffered
                ? 'No plan can be delivered for this listing (the reasons are under each plan above), so we take no payment for it.'
                : 'We could not read this listing just now: choose to continue with what you type above, or try again in a few minutes.'}
          </p>
        )}
        <p className="mt-3 text-center text-sm text-slate-500">
          <Icon name="lock" className="mr-1.5 inline h-4 w-4 align-[-3px]" />
          {paymentsEnabled
            ? `${PLANS[form.plan].name}: ${PLANS[form.plan].price} one-time, secure checkout by Stripe · `
            : `${PLANS[form.plan].name}: payments are off on this server, so the report is made at once, without charge · `}
          <Link to="/refunds" className="text-slate-600 underline underline-offset-2 hover:text-slate-900">
            Refund policy
          </Link>
        </p>
      </div>
    </form>
  );
}
