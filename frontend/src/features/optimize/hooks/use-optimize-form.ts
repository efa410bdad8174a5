import { useState, type SubmitEvent } from 'react';
import { type PlanId } from '@/lib/plans';
import {
  GENERIC_ERROR_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  type OptimizeFormValues,
  type OptimizeSubmitHandler,
  type OptimizeTextField,
} from '../types';

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
}

export function useOptimizeForm({ requestedPlan = null, lockedEmail, onSubmit }: UseOptimizeFormOptions = {}) {
  const [fields, setFields] = useState<Record<OptimizeTextField, string>>({
    listingUrl: '',
    email: '',
    title: '',
    description: '',
  });
  const [plan, setPlan] = useState<PlanId>(requestedPlan ?? DEFAULT_PLAN);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<readonly OptimizeTextField[]>([]);
  const [status, setStatus] = useState<OptimizeFormStatus>('idle');

  // A later ?package= (e.g. a pricing button clicked on this page) re-selects the plan
  // without resetting what the host typed: adjust state while rendering, the pattern
  // React recommends over an effect.
  const [lastRequestedPlan, setLastRequestedPlan] = useState(requestedPlan);
  if (requestedPlan !== lastRequestedPlan) {
    setLastRequestedPlan(requestedPlan);
    if (requestedPlan) setPlan(requestedPlan);
  }

  const values: OptimizeFormValues = { ...fields, email: lockedEmail ?? fields.email, plan };

  function setField(name: OptimizeTextField, value: string) {
    setFields((previous) => ({ ...previous, [name]: value }));
    if (missing.includes(name) && value.trim() !== '') {
      setMissing(missing.filter((field) => field !== name));
    }
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'submitting') return;

    const trimmed: OptimizeFormValues = {
      listingUrl: values.listingUrl.trim(),
      email: values.email.trim(),
      title: values.title.trim(),
      description: values.description.trim(),
      plan,
    };
    const empty = REQUIRED_FIELDS.filter((field) => trimmed[field] === '');
    if (empty.length > 0) {
      setMissing(empty);
      setError(REQUIRED_FIELDS_MESSAGE);
      const first = event.currentTarget.elements.namedItem(empty[0] ?? '');
      if (first instanceof HTMLElement) first.focus();
      return;
    }

    setMissing([]);
    setError(null);
    if (!onSubmit) return;

    setStatus('submitting');
    try {
      await onSubmit(trimmed);
    } catch (err: unknown) {
      setError(err instanceof Error && err.message ? err.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setStatus('idle');
    }
  }

  return {
    values,
    setField,
    plan,
    setPlan,
    error,
    /** Required fields that were empty at the last submit (cleared as they are filled). */
    missing,
    status,
    emailLocked: lockedEmail !== undefined,
    handleSubmit,
  };
}
