import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { useApiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/context';
import { useHydrated } from '@/lib/use-hydrated';
import {
  REDIRECTING_TO_CHECKOUT_MESSAGE,
  REDIRECTING_TO_SIGNUP_MESSAGE,
  SIGN_IN_TO_CONTINUE_MESSAGE,
  WELCOME_BACK_MESSAGE,
} from '@/lib/messages';
import { type PlanId } from '@/lib/plans';
import { createCheckoutSession } from '../api/create-checkout-session';
import { optimizeListing } from '../api/optimize-listing';
import { AUTO_SUBMIT_DELAY_MS, SIGNUP_REDIRECT_MS } from '../constants';
import {
  draftFromValues,
  readPendingOptimization,
  removePendingOptimization,
  valuesFromDraft,
  writePendingOptimization,
} from '@/lib/draft';
import { checkoutNavigation } from '../navigation';
import { type OptimizeFormValues, type OptimizeOutcome, type OptimizeSubmitHandler } from '../types';
import { useOptimizeForm } from './use-optimize-form';

export interface UseOptimizeFlowOptions {
  /** Plan asked for from outside (the ?package= query value); null when none. */
  requestedPlan?: PlanId | null;
  /** The e-mail the form is locked to; by default the signed-in account's (SPEC §5). */
  lockedEmail?: string;
  /** Replaces the submit flow below (the draft restore and auto-submit still apply). */
  onSubmit?: OptimizeSubmitHandler;
}

type Leaving = 'signup' | 'checkout' | null;

/**
 * The optimize form's whole flow (SPEC §4 "Optimize form" and "Return from login or
 * signup", §7, §8):
 *  - signed out: the draft is saved (SPEC §3) with "Please create an account or sign in
 *    to continue...", and the host goes to /signup SIGNUP_REDIRECT_MS later;
 *  - back signed in with a draft: the form is refilled (the e-mail stays the account's),
 *    scrolled into view with "Welcome back!…", and submitted AUTO_SUBMIT_DELAY_MS later;
 *    the draft is removed as that submit starts (a reload does not submit twice; a
 *    failure leaves the form filled for a retry by hand);
 *  - signed in: POST /api/create-checkout-session; with a checkout_url the browser goes
 *    to the hosted checkout, without one (payments off) POST /api/optimize and the result
 *    is shown in place.
 */
export function useOptimizeFlow({ requestedPlan = null, lockedEmail, onSubmit }: UseOptimizeFlowOptions = {}) {
  const auth = useAuth();
  const api = useApiClient();
  const navigate = useNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<Leaving>(null);
  const [outcome, setOutcome] = useState<OptimizeOutcome | null>(null);
  const [restoreChecked, setRestoreChecked] = useState(false);
  const [autoSubmitPending, setAutoSubmitPending] = useState(false);
  // The draft is read once the prerendered page is hydrated: read while hydrating, it made the
  // render differ from the build's markup (issue 43: React error #418 on /#optimize).
  const hydrated = useHydrated();

  async function flowSubmit(values: OptimizeFormValues) {
    setOutcome(null);
    if (auth.status !== 'signed-in') {
      // While auth is still loading a signed-in host lands here too: /signup sends a
      // signed-in user with a draft straight back, and the draft is submitted then.
      if (!writePendingOptimization(draftFromValues(values))) {
        console.warn('ListingLift: could not save the optimization draft; the form must be filled in again after signing in.');
      }
      setNotice(SIGN_IN_TO_CONTINUE_MESSAGE);
      setLeaving('signup');
      return;
    }

    removePendingOptimization();
    try {
      const session = await createCheckoutSession(api, values);
      if (session.kind === 'checkout') {
        setLeaving('checkout');
        // Back from a cancelled or failed payment, the form is refilled from this.
        writePendingOptimization({ ...draftFromValues(values), resume: 'form' });
        checkoutNavigation.assign(session.checkoutUrl);
        return;
      }
      setOutcome(await optimizeListing(api, values, session.optimizationId));
    } finally {
      setNotice(null);
    }
  }

  const form = useOptimizeForm({
    requestedPlan,
    lockedEmail: lockedEmail ?? auth.user?.email,
    onSubmit: async (values) => {
      // A submit, by hand or automatic, ends the wait for the automatic one.
      setAutoSubmitPending(false);
      await (onSubmit ?? flowSubmit)(values);
    },
    hold: leaving === 'checkout' ? REDIRECTING_TO_CHECKOUT_MESSAGE : leaving === 'signup' ? REDIRECTING_TO_SIGNUP_MESSAGE : null,
  });

  // SPEC §4 "Return from login or signup": once auth has settled signed in, a stored
  // draft is restored, once per visit of the page. Adjusting state while rendering (as
  // React recommends over an effect), so the restored form is the first one painted.
  if (!restoreChecked && hydrated && auth.status === 'signed-in') {
    setRestoreChecked(true);
    const draft = readPendingOptimization();
    if (draft?.resume === 'form') {
      // Back from the checkout without paying: the form as it was, the plan the host now
      // asks for (?package=), nothing submitted.
      removePendingOptimization();
      form.restore({ ...valuesFromDraft(draft), plan: requestedPlan ?? draft.selectedPlan });
    } else if (draft) {
      form.restore(valuesFromDraft(draft));
      setNotice(WELCOME_BACK_MESSAGE);
      setAutoSubmitPending(true);
    }
  }

  const autoSubmit = useEffectEvent(() => {
    setAutoSubmitPending(false);
    removePendingOptimization();
    void form.submit();
  });

  useEffect(() => {
    if (!autoSubmitPending) return;
    // "Welcome back!" sits by the submit button, far down the form: it is what the host
    // must see, so it is brought to the middle of the screen, not the form's top.
    const root = rootRef.current;
    const notice = root?.querySelector('[data-testid="optimize-notice"]') ?? root;
    notice?.scrollIntoView({ block: 'center' });
    const timer = setTimeout(autoSubmit, AUTO_SUBMIT_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [autoSubmitPending]);

  useEffect(() => {
    if (leaving !== 'signup') return;
    const timer = setTimeout(() => { navigate('/signup'); }, SIGNUP_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [leaving, navigate]);

  // Back from the hosted checkout, the browser may show this page from its back/forward
  // cache exactly as it was left: free the button again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving((current) => (current === 'checkout' ? null : current));
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);

  return {
    form,
    /** The flow's message above the button (SPEC §4, §8), or null. */
    notice,
    /** The direct optimization's result, shown in place under the form; or null. */
    outcome,
    /** Attach to the element that holds the form: it is scrolled into view when a draft is restored. */
    rootRef,
  };
}
