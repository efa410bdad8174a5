import { useState, type SubmitEvent } from 'react';
import { byPlan, CHEAPEST_PLAN, hasFullAnalysis, PLANS, type PlanId } from '@/lib/plans';
import { listingSummary } from '../listing-summary';
import {
  type Coverage,
  type PlanDelivery,
  GENERIC_ERROR_MESSAGE,
  OptimizeSubmitError,
  REQUIRED_FIELDS_MESSAGE,
  type OptimizeFormValues,
  type OptimizeSubmitHandler,
  type OptimizeTextField,
} from '../types';
import { scrapeTarget, useListingScrape, type ScrapeOutcome } from './use-listing-scrape';

/** Said when the host chose to go on with what they typed but typed nothing. */
export const TYPED_DETAILS_NEEDED_MESSAGE = "Type the listing's title or description to continue without reading the listing page.";

/**
 * The plan selected when nothing asks for another one. Basic is the default so a
 * host is never silently moved to the dearer plan; `/?package=premium` (the cancel
 * page's "Choose Premium" link, the pricing section's button) selects Premium.
 */
export const DEFAULT_PLAN: PlanId = 'basic';

const REQUIRED_FIELDS: readonly OptimizeTextField[] = ['listingUrl', 'email'];

export type OptimizeFormStatus = 'idle' | 'submitting';

export interface UseOptimizeFormOptions {
  /** Plan asked for from outside (the ?package= query value); null when none. */
  requestedPlan?: PlanId | null;
  /** When signed in, the e-mail is locked to the account's (SPEC §5). */
  lockedEmail?: string;
  onSubmit?: OptimizeSubmitHandler;
  /**
   * Non-null while the page is about to leave (to checkout, to /signup): submit is
   * refused and the button shows this text instead of its label.
   */
  hold?: string | null;
}

export function useOptimizeForm({ requestedPlan = null, lockedEmail, onSubmit, hold = null }: UseOptimizeFormOptions = {}) {
  const [fields, setFields] = useState<Record<OptimizeTextField, string>>({
    listingUrl: '',
    email: '',
    title: '',
    description: '',
  });
  const [plan, setPlan] = useState<PlanId>(requestedPlan ?? DEFAULT_PLAN);
  const [error, setError] = useState<{ message: string; detail: string | null } | null>(null);
  const [missing, setMissing] = useState<readonly OptimizeTextField[]>([]);
  const [status, setStatus] = useState<OptimizeFormStatus>('idle');
  // "Continue with what I typed", for the URL it was chosen for (a new URL needs a new choice).
  const [typedChoice, setTypedChoice] = useState<{ url: string; on: boolean } | null>(null);

  // A later ?package= (e.g. a pricing button clicked on this page) re-selects the plan
  // without resetting what the host typed: adjust state while rendering, the pattern
  // React recommends over an effect.
  const [lastRequestedPlan, setLastRequestedPlan] = useState(requestedPlan);
  if (requestedPlan !== lastRequestedPlan) {
    setLastRequestedPlan(requestedPlan);
    if (requestedPlan) setPlan(requestedPlan);
  }


  // SPEC §4/§5: the listing is read as the URL is typed. Each finished scrape of a new URL
  // replaces the title and description: with what was read on success, with nothing on
  // failure (SPEC §8). They describe the listing at the URL, so text from an earlier URL
  // (or typed before the URL was given) must not be sent with another listing. Edits made
  // after a scrape are kept until the URL changes. Paused while submitting: the values
  // being submitted are not rewritten underneath.
  const scrape = useListingScrape(fields.listingUrl, {
    enabled: status !== 'submitting',
    onOutcome: (outcome: ScrapeOutcome) => {
      setFields((previous) => ({
        ...previous,
        title: outcome.ok ? outcome.result.title : '',
        description: outcome.ok ? outcome.result.description : '',
      }));
    },
  });
  const scrapeOutcome = scrape.outcome;
  const unreadable = scrapeOutcome !== null && !scrapeOutcome.ok && scrapeOutcome.unreadable;
  // The page could not be read right now: Submit waits for the host's choice to go on
  // with what they typed (or a new URL).
  const needsChoice = scrapeOutcome !== null && !scrapeOutcome.ok && scrapeOutcome.transient;
  const currentTarget = scrapeTarget(fields.listingUrl);
  const useTyped = typedChoice !== null && typedChoice.on && typedChoice.url === currentTarget;
  // What a report on this listing will cover, as the server said: the read's, or, when the page
  // could not be read, that of a report from the typed details (the only way on from there).
  let coverage: Coverage | null = null;
  if (scrapeOutcome?.ok) coverage = scrapeOutcome.result.coverage;
  else if (needsChoice) coverage = scrapeOutcome.coverage;
  // Premium is offered only where the server says it can be delivered (typed details, a sparse
  // read: Basic only). The choice is moved to Basic, never the other way: a host is not moved
  // to the dearer plan when a later listing allows it.
  const refused = byPlan((id) => refusalOf(coverage, id));
  const chosenRefused = plan !== CHEAPEST_PLAN && refused[plan] !== null;
  if (chosenRefused) setPlan(CHEAPEST_PLAN);
  const effectivePlan: PlanId = chosenRefused ? CHEAPEST_PLAN : plan;
  // Neither plan can be delivered for this listing (a page read too thinly): nothing is sold.
  const nothingOffered = refused[effectivePlan] !== null;
  function chooseTyped(on: boolean) {
    if (currentTarget) setTypedChoice({ url: currentTarget, on });
    setError(null);
  }

  const values: OptimizeFormValues = { ...fields, email: lockedEmail ?? fields.email, plan: effectivePlan };

  function choosePlan(next: PlanId) {
    if (next !== CHEAPEST_PLAN && refused[next] !== null) return;
    setPlan(next);
  }

  function setField(name: OptimizeTextField, value: string) {
    setFields((previous) => ({ ...previous, [name]: value }));
    if (missing.includes(name) && value.trim() !== '') {
      setMissing(missing.filter((field) => field !== name));
    }
  }

  /**
   * Puts a restored draft into the form (SPEC §4 "Return from login or signup"): fields
   * and plan as they were submitted (a locked e-mail stays the account's), and the URL
   * counted as read, so no read replaces the restored title and description or blocks
   * the submit that follows.
   */
  function restore(restored: OptimizeFormValues) {
    setFields({
      listingUrl: restored.listingUrl,
      email: restored.email,
      title: restored.title,
      description: restored.description,
    });
    setPlan(restored.plan);
    const restoredTarget = scrapeTarget(restored.listingUrl);
    setTypedChoice(restored.useTypedDetails && restoredTarget ? { url: restoredTarget, on: true } : null);
    scrape.markRead(restored.listingUrl);
    setMissing([]);
    setError(null);
  }

  /** Validates and submits what is in the form; `form` (when given) gets the focus on the first missing field. */
  async function submit(form: HTMLFormElement | null) {
    // SPEC §4: submit is blocked while scraping (the button is disabled too), and after a
    // read that found no listing we can read, until the URL changes: nothing is charged for it.
    if (status === 'submitting' || scrape.status === 'scraping' || hold !== null || unreadable || (needsChoice && !useTyped) || nothingOffered) return;

    const trimmed: OptimizeFormValues = {
      listingUrl: values.listingUrl.trim(),
      email: values.email.trim(),
      title: values.title.trim(),
      description: values.description.trim(),
      plan: effectivePlan,
      ...(useTyped ? { useTypedDetails: true } : {}),
    };
    const empty = REQUIRED_FIELDS.filter((field) => trimmed[field] === '');
    if (empty.length > 0) {
      setMissing(empty);
      setError({ message: REQUIRED_FIELDS_MESSAGE, detail: null });
      const first = form?.elements.namedItem(empty[0] ?? '');
      if (first instanceof HTMLElement) first.focus();
      return;
    }

    if (useTyped && trimmed.title === '' && trimmed.description === '') {
      setError({ message: TYPED_DETAILS_NEEDED_MESSAGE, detail: null });
      return;
    }
    setMissing([]);
    setError(null);
    if (!onSubmit) return;

    setStatus('submitting');
    try {
      await onSubmit(trimmed);
    } catch (err: unknown) {
      setError({
        message: err instanceof Error && err.message ? err.message : GENERIC_ERROR_MESSAGE,
        detail: err instanceof OptimizeSubmitError ? err.detail : null,
      });
    } finally {
      setStatus('idle');
    }
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await submit(event.currentTarget);
  }

  return {
    values,
    setField,
    plan: effectivePlan,
    setPlan: choosePlan,
    /** Why only Basic is offered for this listing (the server's words), or null when Premium is. */
    premiumRefused: refused.premium,
    /** Why each plan is not offered for this listing (the server's words), or null where it is. */
    refused,
    /** No plan can be delivered for this listing: the button is off, with the reason. */
    nothingOffered,
    /** What each plan will deliver for this listing (the server's), or null before a read says. */
    deliveries: byPlan((id) => deliveryOf(coverage, id)),
    /** The message shown in the form's alert, or null. */
    error: error?.message ?? null,
    /** The server's reason for a failed submit, shown under the message; or null. */
    errorDetail: error?.detail ?? null,
    hold,
    /** Required fields that were empty at the last submit (cleared as they are filled). */
    missing,
    status,
    /** The listing read (SPEC §4): its state, its failure message, and what was read. */
    scrape: {
      status: scrape.status,
      /** The current URL is no listing we can read: Submit stays disabled until it changes. */
      unreadable,
      /** The page could not be read right now: Submit waits until the host chooses to go on with what they typed. */
      needsChoice,
      /** The host chose to go on with what they typed. */
      useTyped,
      chooseTyped,
      error: scrapeOutcome && !scrapeOutcome.ok ? scrapeOutcome.message : null,
      /** After a successful read of the current URL: the facts read (may be empty); else null. */
      summary: scrapeOutcome?.ok ? (scrapeOutcome.result.listing ? listingSummary(scrapeOutcome.result.listing) : []) : null,
      /**
       * What a report will cover (market data, photos, reviews, which sections) and which plans
       * are offered: after a read, the read's; when the page could not be read, a report from
       * the typed details'; else null.
       */
      coverage,
    },
    emailLocked: lockedEmail !== undefined,
    handleSubmit,
    /** Submits what is in the form, as the button would (the auto-submit of a restored draft). */
    submit: () => submit(null),
    restore,
  };
}

/** What plan `id` will deliver for this listing, as the server said (null before it has). */
function deliveryOf(coverage: Coverage | null, id: PlanId): PlanDelivery | null {
  return coverage?.offer.plans?.find((p) => p.plan === id) ?? null;
}

/**
 * Why plan `id` is not offered for this listing, in the server's words (a generic sentence if
 * it gave none), or null where it is offered (or nothing was read yet). One decision, the
 * server's (backend report.OfferFor): the checkout refuses the same plans with the same words.
 */
function refusalOf(coverage: Coverage | null, id: PlanId): string | null {
  if (coverage === null) return null;
  const delivery = deliveryOf(coverage, id);
  // An older answer without the plans' deliveries says only whether the full plan is offered.
  const full = hasFullAnalysis(id);
  const offered = delivery ? delivery.offered : !full || coverage.offer.premium;
  if (offered) return null;
  const why = delivery && delivery.why !== '' ? delivery.why : full ? coverage.offer.basicOnly : '';
  return why === '' ? `${PLANS[id].name} is not offered for this listing.` : why;
}

/** What useOptimizeForm returns: the form's state and actions, for OptimizeFormView. */
export type OptimizeFormState = ReturnType<typeof useOptimizeForm>;
