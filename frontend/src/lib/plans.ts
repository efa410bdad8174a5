/**
 * Plans and prices (SPEC §9), as the server's plan table says them (backend/plans, served in
 * /runtime-config.js and read through lib/config): nothing here decides a price or what a plan
 * includes. The server charges from the same table.
 */
import { config } from '@/lib/config';
import { formatMoney } from '@/lib/format';
import { PLAN_TABLE, type PlanFacts } from '@/types/plan-table';

export type PlanId = PlanFacts['id'];

export interface Plan extends PlanFacts {
  /** The price as every screen shows it, per listing: "$4.99". */
  price: string;
}

/** The plans of `table` by id, each with its shown price. */
export function plansOf(table: readonly PlanFacts[]): Readonly<Record<PlanId, Plan>> {
  return Object.fromEntries(
    table.map((p) => [p.id, { ...p, price: formatMoney(p.priceCents / 100, p.currency, { cents: true }) }]),
  ) as Record<PlanId, Plan>;
}

export const PLANS = plansOf(config.plans);

/** Every plan id, cheapest first. */
export const PLAN_IDS: readonly PlanId[] = config.plans.map((p) => p.id);

/** The cheapest plan: where a choice falls back to when a dearer one is not offered. */
export const CHEAPEST_PLAN: PlanId = cheapestPlan();

function cheapestPlan(): PlanId {
  const plan = config.plans[0] ?? PLAN_TABLE[0];
  if (!plan) throw new Error('lib/plans: the plan table is empty');
  return plan.id;
}

/**
 * Whether plan `id` has the full analysis (the plan table's marketAnalytics: Premium). The
 * screens flag such a plan (the report's badge, the dashboard's and the form's brand colour)
 * and its loading screen is SPEC's, with the market research and the PDF.
 */
export function hasFullAnalysis(id: string | null | undefined): boolean {
  return isPlanId(id) && PLANS[id].marketAnalytics;
}

/** The plan ids mapped to what `of` says of each (a record over every plan). */
export function byPlan<T>(of: (id: PlanId) => T): Record<PlanId, T> {
  return Object.fromEntries(PLAN_IDS.map((id) => [id, of(id)])) as Record<PlanId, T>;
}

/** An amount charged ("$15.00"): orders are in the plans' currency. */
export function formatCharge(amount: number): string {
  return formatMoney(amount, config.plans[0]?.currency, { cents: true });
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** Reads a plan from a query value such as `?package=premium`; anything else gives null. */
export function parsePlanParam(value: string | null | undefined): PlanId | null {
  const normalized = value?.trim().toLowerCase();
  return isPlanId(normalized) ? normalized : null;
}
