import { describe, expect, it } from 'vitest';
import { PLAN_TABLE } from '@/types/plan-table';
import { PLANS, formatCharge, parsePlanParam, plansOf } from './plans';

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
