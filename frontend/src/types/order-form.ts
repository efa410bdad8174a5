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
  /**
   * The listing page could not be read (blocked, too slow) and the host chose to go on
   * with the title and description they typed; the report then leaves out what needs
   * the page. Absent: false.
   */
  useTypedDetails?: boolean;
}
