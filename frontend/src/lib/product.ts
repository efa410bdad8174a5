/**
 * What ListingLift sells, said once for every screen that says it: the report's eight sections,
 * the two plans as offered, and the one study the product cites. The landing page shows them; the
 * order pages (loading, cancel) repeat them.
 */
import { type IconName } from '@/components/ui/icon';
import { PLAN_IDS, PLANS, type Plan } from '@/lib/plans';

/** Worded as the study published it (backend/analysis/revenue.go PhotoEffectSource): an average occupancy gain on Airbnb, not a range of earnings. */
export const PHOTO_CLAIM = {
  claim: 'Airbnb listings with professional photos had 8.98% higher occupancy on average (Zhang et al., Management Science, 2022).',
  note: 'Your report checks yours, and every figure in it names its source.',
} as const;

export interface Feature {
  title: string;
  description: string;
  icon: IconName;
}

/** The eight report sections (SPEC §1, §2: 8 feature cards). */
export const FEATURES: readonly Feature[] = [
  {
    title: 'Title Suggestions',
    icon: 'title',
    description:
      'Titles built around what guests search for in your area and what makes your place stand out, checked against each platform’s character limit.',
  },
  {
    title: 'Optimized Description',
    icon: 'description',
    description:
      'A rewrite that leads with your strongest verified features and answers the questions guests keep asking in reviews.',
  },
  {
    title: 'Amenity Suggestions',
    icon: 'amenities',
    description:
      'Amenities comparable listings offer that yours lacks, and the ones you already have but never mention.',
  },
  {
    title: 'Pricing Analysis',
    icon: 'pricing',
    description:
      'Your nightly rate next to comparable listings in your market, with weekday, weekend and seasonal guidance.',
  },
  {
    title: 'Photo Audit',
    icon: 'photo',
    description:
      'Photo count, order and coverage: which rooms are missing, which shot should lead and what guests never get to see.',
  },
  {
    title: 'Guest Profile Analysis',
    icon: 'guests',
    description:
      'Who books places like yours, read from your reviews and listing, and how to speak to families, couples or remote workers.',
  },
  {
    title: 'Booking Gap Analysis',
    icon: 'calendar',
    description:
      'Open nights and short gaps in your calendar, with minimum-stay and pricing changes that can fill them.',
  },
  {
    title: 'Competitive Scores & Revenue Projection',
    icon: 'chart',
    description:
      'How you rank on positioning, amenities, visuals and guest experience, and what the recommended changes could be worth.',
  },
];

export interface PricingPlan extends Plan {
  cta: { label: string; to: string };
  /** The plan the table flags ("Best value") stands out. */
  highlighted: boolean;
}

/** SPEC §2 pricing comparison of the §9 plans, in the plan table's order. */
export const PRICING_PLANS: readonly PricingPlan[] = PLAN_IDS.map((id) => ({
  ...PLANS[id],
  cta: { label: `Choose ${PLANS[id].name}`, to: `/?package=${id}#optimize` },
  highlighted: PLANS[id].badge !== '',
}));
