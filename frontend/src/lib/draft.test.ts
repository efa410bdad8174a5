import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  draftFromValues,
  hasPendingOptimization,
  parsePendingOptimization,
  PENDING_OPTIMIZATION_KEY,
  readPendingOptimization,
  removePendingOptimization,
  RESUME_OPTIMIZATION_PATH,
  valuesFromDraft,
  writePendingOptimization,
  type PendingOptimization,
} from './draft';

const DRAFT: PendingOptimization = {
  listingUrl: 'https://www.airbnb.com/rooms/48123456',
  email: 'host@example.com',
  title: 'Sunny loft',
  description: 'Bright.\n\nQuiet.',
  selectedPlan: 'premium',
};

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  localStorage.clear();
});

describe('the pending optimization draft (SPEC §3)', () => {
  it('uses the SPEC key and sends the host back to the form', () => {
    expect(PENDING_OPTIMIZATION_KEY).toBe('pendingOptimization');
    expect(RESUME_OPTIMIZATION_PATH).toBe('/#optimize');
  });

  it('stores exactly the five SPEC fields as JSON, and reads them back', () => {
    expect(writePendingOptimization({ ...DRAFT, extra: 'dropped' } as PendingOptimization)).toBe(true);
    expect(JSON.parse(localStorage.getItem('pendingOptimization') ?? '')).toEqual(DRAFT);
    expect(readPendingOptimization()).toEqual(DRAFT);
    expect(hasPendingOptimization()).toBe(true);
  });

  it('removes the draft', () => {
    writePendingOptimization(DRAFT);
    removePendingOptimization();
    expect(localStorage.getItem('pendingOptimization')).toBeNull();
    expect(readPendingOptimization()).toBeNull();
    expect(hasPendingOptimization()).toBe(false);
  });

  it('reads nothing when there is no draft', () => {
    expect(readPendingOptimization()).toBeNull();
  });

  it.each([
    ['bad JSON', '{"listingUrl":'],
    ['JSON null', 'null'],
    ['a list', '[]'],
    ['a string', '"https://www.airbnb.com/rooms/1"'],
    ['no listingUrl', JSON.stringify({ ...DRAFT, listingUrl: undefined })],
    ['a blank listingUrl', JSON.stringify({ ...DRAFT, listingUrl: '  ' })],
    ['no email', JSON.stringify({ ...DRAFT, email: undefined })],
    ['a numeric email', JSON.stringify({ ...DRAFT, email: 7 })],
    ['no title', JSON.stringify({ ...DRAFT, title: undefined })],
    ['a non-string description', JSON.stringify({ ...DRAFT, description: ['x'] })],
    ['no plan', JSON.stringify({ ...DRAFT, selectedPlan: undefined })],
    ['an unknown plan', JSON.stringify({ ...DRAFT, selectedPlan: 'gold' })],
    ['a plan in the wrong case', JSON.stringify({ ...DRAFT, selectedPlan: 'Premium' })],
  ])('ignores and removes a malformed draft: %s', (_case, raw) => {
    localStorage.setItem('pendingOptimization', raw);
    expect(readPendingOptimization()).toBeNull();
    expect(localStorage.getItem('pendingOptimization')).toBeNull();
  });

  it('accepts empty title and description (they are optional)', () => {
    expect(parsePendingOptimization({ ...DRAFT, title: '', description: '' })).toEqual({ ...DRAFT, title: '', description: '' });
  });

  it('treats storage that throws as no draft, and reports a refused write', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readPendingOptimization()).toBeNull();
    expect(writePendingOptimization(DRAFT)).toBe(false);
    expect(() => {
      removePendingOptimization();
    }).not.toThrow();
  });

  it('converts between the form’s values and the draft', () => {
    const values = { listingUrl: DRAFT.listingUrl, email: DRAFT.email, title: DRAFT.title, description: DRAFT.description, plan: 'premium' as const };
    expect(draftFromValues(values)).toEqual(DRAFT);
    expect(valuesFromDraft(DRAFT)).toEqual(values);
  });
});
