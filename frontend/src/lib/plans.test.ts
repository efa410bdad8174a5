import { describe, expect, it } from 'vitest';
import { PLANS, parsePlanParam } from './plans';

describe('plans', () => {
  it('has the SPEC §9 prices', () => {
    expect(PLANS.basic.price).toBe('$4.99');
    expect(PLANS.premium.price).toBe('$19.99');
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
