/** SPEC §4, §9: after "This email is already registered…", go to /login after 3 s. */
export const EXISTING_ACCOUNT_REDIRECT_MS = 3000;

/**
 * Where a new account goes next when no order was saved (issue 43: the marketing hero was no
 * next step): the optimize form, its listing field focused (app/home-page.tsx reads the state).
 * A saved order goes to the same form, which restores and submits it (RESUME_OPTIMIZATION_PATH).
 * "/" with an anchor: still SPEC §2's "a signed-in user is redirected to /".
 */
export const AFTER_SIGNUP_PATH = '/#optimize';
export const FOCUS_LISTING_FIELD_STATE = { focusListingField: true } as const;

/** Whether a navigation's state asks the home page to focus the optimize form's listing field. */
export function asksToFocusListingField(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>).focusListingField === true;
}
