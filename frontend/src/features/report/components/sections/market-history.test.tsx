import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { GOLDEN_ALBANY, reportOf } from '@/testing/golden';
import { MarketAnalysis } from './market-analysis';

/** The Albany report with a market history as the server writes it (report.MarketHistory, from 4 watched weeks). */
function withHistory(history: unknown) {
  const raw = structuredClone(GOLDEN_ALBANY as Record<string, unknown>);
  raw.market_analysis_data = { ...(raw.market_analysis_data as Record<string, unknown>), history };
  return reportOf(raw);
}

const HISTORY = {
  heading: 'Your market over the last 4 weeks',
  weeks: 4,
  currency: 'USD',
  points: [
    { week: '2026-W49', checked_at: '2026-12-01', median: 175, price: 182, band: 'middle third', comparables: 14 },
    { week: '2026-W50', checked_at: '2026-12-08', median: 171, price: 182, band: 'middle third', comparables: 13 },
    { week: '2026-W51', checked_at: '2026-12-15', median: 178, price: null, comparables: 14 },
    { week: '2026-W52', checked_at: '2026-12-22', median: 181, price: 199, band: 'top third', comparables: 15 },
  ],
  explanation:
    'Each week your Watch read your listing and its comparables again: their median nightly price was $175 on December 1, 2026 and $181 on December 22, 2026. Weeks whose listing could not be read are left out.',
};

describe('Market Analysis: your market over the watched weeks (issue 45)', () => {
  it('shows each week’s date, the listing’s price, the comparables’ median and its place among them, with where the figures come from', () => {
    renderWithRouter(<MarketAnalysis result={withHistory(HISTORY)} />);
    const history = screen.getByTestId('market-history');
    expect(within(history).getByRole('heading', { level: 3 })).toHaveTextContent('Your market over the last 4 weeks');
    const rows = within(history).getAllByTestId('market-history-week');
    expect(rows.map((r) => r.textContent)).toEqual([
      'December 1, 2026$182$175 (14)middle third',
      'December 8, 2026$182$171 (13)middle third',
      // The listing's price not read that week: said, not made up.
      'December 15, 2026Not read$178 (14)—',
      'December 22, 2026$199$181 (15)top third',
    ]);
    expect(history).toHaveTextContent('Weeks whose listing could not be read are left out.');
  });

  it('is not shown before a report has a history', () => {
    renderWithRouter(<MarketAnalysis result={reportOf(GOLDEN_ALBANY)} />);
    expect(screen.getByTestId('market-snapshot')).toBeInTheDocument();
    expect(screen.queryByTestId('market-history')).toBeNull();
  });
});
