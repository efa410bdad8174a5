import { useMemo, useState } from 'react';
import { useHydrated } from './use-hydrated';
/**
 * The pending optimization draft (SPEC §3): what a signed-out host submitted, kept in
 * local storage while they sign up or sign in, then restored into the form and submitted
 * (SPEC §4 "Return from login or signup").
 *
 * Storage may be unavailable (blocked cookies, private modes) or hold anything another
 * tab or an older build wrote, so every call here is total: reads validate and return
 * null for anything that is not a draft (removing it), writes report failure as false.
 */
import { isPlanId, type PlanId } from '@/lib/plans';
import { type OptimizeFormValues } from '@/types/order-form';

/** SPEC §3: the local storage key. */
export const PENDING_OPTIMIZATION_KEY = 'pendingOptimization';

/** Where the login and signup pages send a host who has a draft: the landing page's form. */
export const RESUME_OPTIMIZATION_PATH = '/#optimize';

/** SPEC §3 "Pending optimization draft", field names included. */
export interface PendingOptimization {
  listingUrl: string;
  email: string;
  title: string;
  description: string;
  selectedPlan: PlanId;
  /** The host chose to go on with what they typed (the page could not be read). */
  useTypedDetails?: boolean;
  /**
   * "form": kept while the host is at the hosted checkout, so that coming back from a
   * cancelled or failed payment refills the form (listing URL and all) without submitting it.
   */
  resume?: 'form';
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The draft in `value` (parsed JSON), or null when it is not one: the required fields
 * (SPEC §5: URL and e-mail) must be non-blank strings, title and description strings,
 * selectedPlan a known plan. Unknown extra fields are ignored.
 */
export function parsePendingOptimization(value: unknown): PendingOptimization | null {
  if (!isRecord(value)) return null;
  const { listingUrl, email, title, description, selectedPlan, useTypedDetails, resume } = value;
  if (!filled(listingUrl) || !filled(email)) return null;
  if (typeof title !== 'string' || typeof description !== 'string' || !isPlanId(selectedPlan)) return null;
  return {
    listingUrl,
    email,
    title,
    description,
    selectedPlan,
    ...(useTypedDetails === true ? { useTypedDetails: true } : {}),
    ...(resume === 'form' ? { resume: 'form' as const } : {}),
  };
}

/** The stored draft, or null. A stored value that is not a draft (bad JSON, missing fields, unknown plan) is removed. */
export function readPendingOptimization(): PendingOptimization | null {
  const store = storage();
  let raw: string | null;
  try {
    raw = store?.getItem(PENDING_OPTIMIZATION_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const draft = parsePendingOptimization(parsed);
  if (!draft) removePendingOptimization();
  return draft;
}

/** Whether a valid draft is stored (a malformed one is removed). */
export function hasPendingOptimization(): boolean {
  return readPendingOptimization() !== null;
}

/** Stores the draft; false when storage refused it (the host then fills the form in again). */
export function writePendingOptimization(draft: PendingOptimization): boolean {
  const store = storage();
  if (!store) return false;
  const value: PendingOptimization = {
    listingUrl: draft.listingUrl,
    email: draft.email,
    title: draft.title,
    description: draft.description,
    selectedPlan: draft.selectedPlan,
    ...(draft.useTypedDetails ? { useTypedDetails: true } : {}),
    ...(draft.resume === 'form' ? { resume: 'form' as const } : {}),
  };
  try {
    store.setItem(PENDING_OPTIMIZATION_KEY, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removePendingOptimization(): void {
  try {
    storage()?.removeItem(PENDING_OPTIMIZATION_KEY);
  } catch {
    // Nothing to do: storage is unavailable, so there is no draft to submit twice either.
  }
}

/** The form's values as a draft (the form calls the plan `plan`, the draft `selectedPlan`). */
export function draftFromValues({ plan, ...fields }: OptimizeFormValues): PendingOptimization {
  return { ...fields, selectedPlan: plan };
}

/** A draft as the form's values. */
export function valuesFromDraft(draft: PendingOptimization): OptimizeFormValues {
  const { listingUrl, email, title, description, selectedPlan, useTypedDetails } = draft;
  return { listingUrl, email, title, description, plan: selectedPlan, ...(useTypedDetails ? { useTypedDetails } : {}) };
}

/**
 * The saved order, read once the page is hydrated. /login and /signup are prerendered, and
 * their form is in the build's markup (hidden while the session is checked), so their first
 * render must not depend on this browser's storage; the draft arrives on the render after.
 * A page rendered only in the browser has it from its first render.
 */
export function useSavedDraft(): PendingOptimization | null {
  const hydrated = useHydrated();
  return useMemo(() => (hydrated ? readPendingOptimization() : null), [hydrated]);
}

/**
 * `value`, with the saved order's e-mail filled in when the draft arrives (after hydration)
 * and nothing was typed yet: the adjust-state-while-rendering pattern, no effect.
 */
export function usePrefilledEmail(draft: PendingOptimization | null): [string, (email: string) => void] {
  const [email, setEmail] = useState(() => draft?.email ?? '');
  const [seen, setSeen] = useState(draft);
  if (seen !== draft) {
    setSeen(draft);
    if (draft?.email && email === '') setEmail(draft.email);
  }
  return [email, setEmail];
}
