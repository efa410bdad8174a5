import { describe, expect, it } from 'vitest';
import { PLAN_TABLE } from '@/types/plan-table';
import { byPlan, CHEAPEST_PLAN, hasFullAnalysis, PLAN_IDS, PLANS, formatCharge, parsePlanParam, plansOf } from './plans';

describe('plans', () => {
  it('shows the plan table’s SPEC §9 prices', () => {
    expect(PLANS.basic.price).toBe('$4.99');
    expect(PLANS.premium.price).toBe('$19.99');
    expect(formatCharge(15)).toBe('$15.00');
  });

  it('shows what the served table says, not a copy of its own', () => {
    const served = plansOf(PLAN_TABLE.map((p) => (p.id === 'premium' ? { ...p, priceCents: 2499, titleOptions: '12+' } : p)));
    expect(served.premium.price).toBe('$24.99');
    expect(served.premium.titleOptions).toBe('12+');
  });

  it('parses the ?package= value', () => {
    expect(parsePlanParam('basic')).toBe('basic');
    expect(parsePlanParam('premium')).toBe('premium');
    expect(parsePlanParam(' Premium ')).toBe('premium');
    expect(parsePlanParam('gold')).toBeNull();
    expect(parsePlanParam('')).toBeNull();
    expect(parsePlanParam(null)).toBeNull();
  });
});

describe('what the screens ask of the plan table', () => {
  it('names the cheapest plan, the plans with the full analysis, and maps every plan', () => {
    expect(CHEAPEST_PLAN).toBe(PLAN_IDS[0]);
    expect(PLAN_IDS.filter((id) => hasFullAnalysis(id))).toEqual(PLAN_IDS.filter((id) => PLANS[id].marketAnalytics));
    expect(hasFullAnalysis(CHEAPEST_PLAN)).toBe(false);
    expect(hasFullAnalysis('gold')).toBe(false);
    expect(hasFullAnalysis(null)).toBe(false);
    expect(Object.keys(byPlan((id) => id))).toEqual([...PLAN_IDS]);
  });
});
