import { type PlanId } from '@/lib/plans';

/** What the optimize form collects (the SPEC's form_data plus the chosen plan). */
export interface OptimizeFormValues {
  listingUrl: string;
  email: string;
  /** Optional; later prefilled by scraping the listing page. */
  title: string;
  /** Optional; later prefilled by scraping the listing page. */
  description: string;
  plan: PlanId;
}

export type OptimizeTextField = Exclude<keyof OptimizeFormValues, 'plan'>;

/**
 * Called with trimmed, validated values. Later issues plug the real flow in here
 * (save draft and go to /signup when signed out; create the checkout session when
 * signed in). A thrown Error's message is shown to the host.
 */
export type OptimizeSubmitHandler = (values: OptimizeFormValues) => void | Promise<void>;

/** SPEC §5/§8. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export { GENERIC_ERROR_MESSAGE } from '@/lib/messages';
