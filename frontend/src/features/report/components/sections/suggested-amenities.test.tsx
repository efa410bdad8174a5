import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { GOLDEN_ALBANY, GOLDEN_LISBON, GOLDEN_SPARSE, reportOf } from '@/testing/golden';
import { type OptimizationResult } from '@/lib/report/read';
import { SuggestedAmenities } from './suggested-amenities';

function read(golden: unknown, change: (raw: Record<string, unknown>) => Record<string, unknown> = (r) => r): OptimizationResult {
  return reportOf(change(structuredClone(golden as Record<string, unknown>)));
}

describe('Suggested Amenities: what the expectations rest on', () => {
  it.each([
    ['Lisbon loft for 4 (no crib expected)', GOLDEN_LISBON, 'a 2-bedroom apartment for 4 guests', 'latitude 38.7° N'],
    ['Albany house for 8 (a family-size home)', GOLDEN_ALBANY, 'a 4-bedroom home for 8 guests', 'latitude 42.7° N'],
  ])('%s: says the basis, and each suggestion why', (_name, golden, size, climate) => {
    const result = read(golden);
    renderWithRouter(<SuggestedAmenities result={result} />);
    const basis = screen.getByTestId('amenities-basis');
    expect(basis).toHaveTextContent(size);
    expect(basis).toHaveTextContent(climate);
    const items = screen.getAllByTestId('suggested-amenity');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const name = item.querySelector('span')?.textContent ?? '';
      const engine = result.amenity_analysis.suggestions?.find((s) => s.amenity === name);
      expect(engine, `${name} is among the engine's suggestions`).toBeDefined();
      expect(within(item).getByTestId('suggested-amenity-basis')).toHaveTextContent(engine?.evidence ?? '');
    }
  });

  it('a loft for 4 says why no crib or high chair is expected, and suggests neither', () => {
    renderWithRouter(<SuggestedAmenities result={read(GOLDEN_LISBON)} />);
    expect(screen.getByTestId('amenities-not-expected')).toHaveTextContent('A crib and a high chair are not expected');
    const names = screen.getAllByTestId('suggested-amenity').map((li) => li.querySelector('span')?.textContent);
    expect(names).not.toContain('Crib');
    expect(names).not.toContain('High chair');
  });

  it('the same loft in the tropics says heating is not expected there', () => {
    const tropical = read(GOLDEN_LISBON, (raw) => ({
      ...raw,
      amenity_analysis: {
        ...(raw.amenity_analysis as Record<string, unknown>),
        expected_basis: 'a 2-bedroom apartment for 4 guests in the tropics (latitude 22.9° S)',
        not_expected: ['Heating is not expected: the listing is in the tropics (latitude 22.9° S), where nights stay warm.'],
      },
    }));
    renderWithRouter(<SuggestedAmenities result={tropical} />);
    expect(screen.getByTestId('amenities-basis')).toHaveTextContent('in the tropics (latitude 22.9° S)');
    expect(screen.getByTestId('amenities-not-expected')).toHaveTextContent('Heating is not expected');
  });

  it('a list not checked states no basis and nothing not expected', () => {
    renderWithRouter(<SuggestedAmenities result={read(GOLDEN_SPARSE)} />);
    expect(screen.queryByTestId('amenities-basis')).toBeNull();
    expect(screen.queryByTestId('amenities-not-expected')).toBeNull();
  });

  it('a report stored before the basis existed shows its suggestions without one', () => {
    const old = read(GOLDEN_LISBON, (raw) => {
      const amenities = { ...(raw.amenity_analysis as Record<string, unknown>) };
      delete amenities.expected_basis;
      delete amenities.not_expected;
      return { ...raw, amenity_analysis: amenities };
    });
    renderWithRouter(<SuggestedAmenities result={old} />);
    expect(screen.queryByTestId('amenities-basis')).toBeNull();
    expect(screen.getAllByTestId('suggested-amenity').length).toBeGreaterThan(0);
  });
});
