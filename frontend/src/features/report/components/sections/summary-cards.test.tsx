import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { GOLDEN_ALBANY, GOLDEN_LISBON, GOLDEN_SPARSE, reportOf } from '@/testing/golden';
import { type OptimizationResult } from '@/lib/report/read';
import { REVENUE_NOT_ESTIMATED, revenueFigure, SummaryCards } from './summary-cards';

function read(golden: unknown, change: (raw: Record<string, unknown>) => Record<string, unknown> = (r) => r): OptimizationResult {
  return reportOf(change(structuredClone(golden as Record<string, unknown>)));
}

/** A percentage as a headline: "+3%", "+0%", "+6.3%". */
const PERCENT_HEADLINE = /^\+\d+(\.\d+)?\s?%/;

describe('the Revenue potential card: money a month with its basis, or what it needs', () => {
  it('Albany house: money a month on Inside Airbnb’s booked-night estimate, never its calendar’s unavailable nights', () => {
    const result = read(GOLDEN_ALBANY);
    renderWithRouter(<SummaryCards result={result} />);
    expect(screen.getByTestId('card-revenue-potential-value')).toHaveTextContent('+$60 to +$180 a month');
    const card = screen.getByTestId('card-revenue-potential');
    for (const part of [
      '$165 a night (your listing page)',
      '12.3 booked nights a month',
      "Inside Airbnb's estimate for this listing: 148 in the year before October 5, 2025",
      '+3–9%',
    ])
      expect(card).toHaveTextContent(part);
    expect(card).toHaveTextContent('An estimate, not a guarantee.');
  });

  it('Lisbon loft: a calendar alone gives no booked nights, and the card says why', () => {
    const result = read(GOLDEN_LISBON);
    renderWithRouter(<SummaryCards result={result} />);
    const value = screen.getByTestId('card-revenue-potential-value');
    expect(value).toHaveTextContent(REVENUE_NOT_ESTIMATED);
    expect(value.textContent).not.toMatch(PERCENT_HEADLINE);
    expect(screen.getByTestId('card-revenue-potential')).toHaveTextContent(
      'Needs your booked nights — your calendar shows 45 of 90 nights from March 2, 2026 unavailable, but it does not tell booked nights from blocked ones',
    );
  });

  it('different listings, different figures', () => {
    expect(revenueFigure(read(GOLDEN_LISBON)).value).not.toBe(revenueFigure(read(GOLDEN_ALBANY)).value);
  });

  it('no basis (a sparse Vrbo read): what it needs, and no percentage headline', () => {
    const result = read(GOLDEN_SPARSE);
    renderWithRouter(<SummaryCards result={result} />);
    const value = screen.getByTestId('card-revenue-potential-value');
    expect(value).toHaveTextContent(REVENUE_NOT_ESTIMATED);
    expect(value.textContent).not.toMatch(PERCENT_HEADLINE);
    const card = screen.getByTestId('card-revenue-potential');
    expect(card).toHaveTextContent('Needs your nightly price and calendar — neither could be read from this page.');
    expect(card).not.toHaveTextContent('+0%');
    expect(card).not.toHaveTextContent(/\+\d+(\.\d+)?%/);
  });

  it('a report stored before money figures: still no "+0%" headline', () => {
    const result = read(GOLDEN_SPARSE, (raw) => ({
      ...raw,
      revenue_projections: {
        ...(raw.revenue_projections as object),
        headline: '',
        monthly_low: 0,
        monthly_high: 0,
        basis: undefined,
        needs: undefined,
        revenue_impact: 0,
        revenue_impact_range: '+0%',
        estimate: true,
        explanation: 'No recommended change here has a published effect size that applies, so the projection is +0%.',
      },
    }));
    renderWithRouter(<SummaryCards result={result} />);
    expect(screen.getByTestId('card-revenue-potential-value')).toHaveTextContent(REVENUE_NOT_ESTIMATED);
    expect(screen.getByTestId('card-revenue-potential')).not.toHaveTextContent('+0%');
  });
});
