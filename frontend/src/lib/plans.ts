/** Plans and prices (SPEC §9). The server charges from its own price table; these are for display. */

export const PLAN_IDS = ['basic', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Display price, per listing. */
  price: string;
  priceCents: number;
  /** What the price buys, shown beside it. */
  unit: string;
  tagline: string;
  /** How many title options the report gives ("3", "10+"), as the loading screen says it. */
  titleOptions: string;
  /** What the plan includes, as every plan card lists it. */
  features: readonly string[];
}

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  basic: {
    id: 'basic',
    name: 'Basic',
    price: '$4.99',
    priceCents: 499,
    unit: 'per listing',
    tagline: 'A focused tune-up for one listing.',
    titleOptions: '3',
    features: [
      'The core report: titles, description, amenities, pricing, photos, guests, booking gaps and scores',
      '3 tailored suggestions',
      '7-day support',
    ],
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    price: '$19.99',
    priceCents: 1999,
    unit: 'per listing',
    tagline: 'The full analysis, delivered to your inbox.',
    titleOptions: '10+',
    features: [
      'Everything in Basic',
      '10+ tailored suggestions',
      'Downloadable PDF report',
      'Report delivered by e-mail',
      'Market analytics for your area',
    ],
  },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** Reads a plan from a query value such as `?package=premium`; anything else gives null. */
export function parsePlanParam(value: string | null | undefined): PlanId | null {
  const normalized = value?.trim().toLowerCase();
  return isPlanId(normalized) ? normalized : null;
}
