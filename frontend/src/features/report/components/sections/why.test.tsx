import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { GOLDEN_LISBON, GOLDEN_SPARSE, reportOf } from '@/testing/golden';
import { type Evidence, type OptimizationResult } from '@/lib/report/read';
import { ContentOptimization } from './content-optimization';
import { DescriptionRewrite } from './description-rewrite';
import { DoFirst } from './do-first';
import { MarketAnalysis } from './market-analysis';
import { competitiveScoreFigures, descriptionWordsFigure, expectedAmenitiesFigure, photoCountFigure, ratingFigure, whySentence } from './not-assessed';
import { SummaryCards } from './summary-cards';
import { Why } from './why';

const SMOKE: Evidence = { field: 'amenities', value: '"Allarme antincendio"', where: "the listing page's own data", note: 'counted as Smoke alarm' };

/** The golden Lisbon report as sent, changed by `change` before it is read. */
function lisbon(change: (raw: Record<string, unknown>) => Record<string, unknown> = (r) => r): OptimizationResult {
  return reportOf(change(structuredClone(GOLDEN_LISBON as Record<string, unknown>)));
}

describe('whySentence: the evidence in the host’s words (the PDF’s and e-mail’s too)', () => {
  it.each([
    [SMOKE, 'Your page lists "Allarme antincendio" — counted as Smoke alarm (read from the listing page\'s own data)'],
    [
      { field: 'rating', value: '8.5 out of 10', where: "the listing page's own data", note: "judged on Booking.com's own scale" },
      "Your page shows 8.5 out of 10 — judged on Booking.com's own scale (read from the listing page's own data)",
    ],
    [
      { field: 'amenities', value: '10 facilities', where: 'the text of the listing page (only part of it: the 10 most popular facilities)' },
      'Your page lists 10 facilities (read from the text of the listing page, only part of it: the 10 most popular facilities)',
    ],
    [{ field: 'description', value: '', where: 'not read', note: 'so its sections were not assessed' }, 'The description was not read from your page — so its sections were not assessed'],
  ])('%o', (evidence, want) => {
    expect(whySentence(evidence)).toBe(want);
  });
});

describe('Why?', () => {
  it('is a button that opens the evidence, keyboard and screen-reader usable', () => {
    render(<Why evidence={[SMOKE]} />);
    const button = screen.getByRole('button', { name: 'Why?' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('why-evidence')).not.toBeVisible();
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByTestId('why-evidence');
    expect(button).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toBeVisible();
    expect(panel).toHaveTextContent('Your page lists "Allarme antincendio" — counted as Smoke alarm (read from the listing page\'s own data)');
  });

  it('is not shown without evidence', () => {
    const { container } = render(<Why evidence={[]} />);
    expect(container).toBeEmptyDOMElement();
    render(<Why evidence={undefined} />);
    expect(screen.queryByRole('button', { name: 'Why?' })).toBeNull();
  });

  it('renders the page’s text as text, never as HTML', () => {
    const html = '<img src=x onerror="alert(1)"><b>bold</b>';
    const { container } = render(<Why evidence={[{ ...SMOKE, value: `"${html}"` }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Why?' }));
    expect(screen.getByTestId('why-evidence')).toHaveTextContent(html);
    expect(container.querySelector('img, b')).toBeNull();
  });

  it('sits under each of the first actions that has evidence, read from the report', () => {
    // Its own report: the first action has evidence, the second none (the engine gives most actions evidence).
    const result = lisbon((raw) => {
      const actions = (raw.actions as Record<string, unknown>[]).map((a) => ({ ...a }));
      raw.actions = actions.map((a, i) => (i === 0 ? { ...a, evidence: [SMOKE] } : i === 1 ? { ...a, evidence: [] } : a));
      return raw;
    });
    renderWithRouter(<DoFirst result={result} />);
    const [first, second] = screen.getAllByTestId('do-first-action');
    if (!first || !second) throw new Error('two actions expected');
    fireEvent.click(within(first).getByRole('button', { name: 'Why?' }));
    expect(within(first).getByTestId('why-evidence')).toHaveTextContent('counted as Smoke alarm');
    expect(within(second).queryByRole('button', { name: 'Why?' })).toBeNull();
  });

  it('shows the golden report’s own evidence under its first action', () => {
    renderWithRouter(<DoFirst result={lisbon()} />);
    const booking = screen.getAllByTestId('do-first-action').find((li) => li.textContent.includes('orphan gaps'));
    if (!booking) throw new Error('the booking-gap action expected');
    fireEvent.click(within(booking).getByRole('button', { name: 'Why?' }));
    // The booking-gap action rests on the calendar read, its window named by its first and last night.
    expect(within(booking).getByTestId('why-evidence')).toHaveTextContent(
      "Your calendar shows 90 nights, March 2, 2026 to May 30, 2026, 45 open (read from the listing's availability calendar)",
    );
  });
});

describe('figures not read are "Not assessed", never a default or a preview’s count', () => {
  it('a rating not read: not SPEC’s 4.2 / 5 (fails on the old card)', () => {
    // The engine sends no rating at all (guest_rating and rating_on_page null) when the page gave none.
    const result = lisbon((raw) => ({
      ...raw,
      guest_rating: null,
      rating_on_page: null,
      review_analysis: { ...(raw.review_analysis as object), rating: 0, review_count: 12 },
    }));
    expect(ratingFigure(result)).toEqual({ assessed: false, why: 'The listing has 12 reviews, but its rating could not be read from the page.' });
    renderWithRouter(<SummaryCards result={result} />);
    expect(screen.getByTestId('card-guest-rating-value')).toHaveTextContent('Not assessed');
    expect(screen.getByTestId('card-guest-rating')).not.toHaveTextContent('4.2');
    expect(screen.getByTestId('card-guest-rating')).not.toHaveTextContent('out of 5');
  });

  it('a report from before rating_on_page held SPEC’s 4.2 for a rating not read: still not assessed', () => {
    const result = lisbon((raw) => {
      return { ...raw, rating_on_page: null, guest_rating: 4.2, review_analysis: { ...(raw.review_analysis as object), rating: 0, review_count: 12 } };
    });
    expect(ratingFigure(result)).toEqual({ assessed: false, why: 'The listing has 12 reviews, but its rating could not be read from the page.' });
  });

  it('a rating of 4.2 the engine read is shown: 4.2 is no longer a default (issue 25)', () => {
    const result = lisbon((raw) => ({
      ...raw,
      guest_rating: 4.2,
      rating_on_page: { value: 4.2, scale: 5, text: '4.2 out of 5' },
      review_analysis: { ...(raw.review_analysis as object), rating: 4.2 },
    }));
    expect(ratingFigure(result)).toEqual({ assessed: true, value: '4.2', unit: 'out of 5' });
    renderWithRouter(<SummaryCards result={result} />);
    expect(screen.getByTestId('card-guest-rating-value')).toHaveTextContent(/^4\.2$/);
    expect(screen.getByTestId('card-guest-rating')).toHaveTextContent(/4\.2\s*out of 5/);
  });

  it('a Booking.com rating on its own scale: 8.5 out of 10, not 4.25 out of 5', () => {
    const result = lisbon((raw) => ({
      ...raw,
      platform: 'booking',
      guest_rating: 4.25,
      rating_on_page: { value: 8.5, scale: 10, text: '8.5 out of 10' },
      review_analysis: { ...(raw.review_analysis as object), rating: 4.25 },
    }));
    renderWithRouter(<SummaryCards result={result} />);
    expect(screen.getByTestId('card-guest-rating-value')).toHaveTextContent(/^8\.5$/);
    // The value and the scale beside it; the explanation folded below may say how it was converted.
    expect(screen.getByTestId('card-guest-rating')).toHaveTextContent(/8\.5\s*out of 10/);
    expect(screen.getByTestId('card-guest-rating')).not.toHaveTextContent(/4\.25\s*out of 5/);
  });

  it('an Airbnb rating stays out of 5', () => {
    expect(ratingFigure(lisbon())).toMatchObject({ assessed: true, unit: 'out of 5' });
  });

  it('photos from a preview image: not "1 photo"', () => {
    const why = "Only the page's preview image was read, not its photo tour, so the photos were not assessed.";
    const result = lisbon((raw) => ({ ...raw, image_urls: ['https://x.test/og.jpg'], photo_audit: { ...(raw.photo_audit as object), count: 1, captioned: 0, not_assessed: true, explanation: why, findings: [] } }));
    expect(photoCountFigure(result)).toEqual({ assessed: false, why });
    renderWithRouter(<ContentOptimization result={result} />);
    expect(screen.getByTestId('photo-count')).toHaveTextContent('Not assessed');
    expect(screen.getByTestId('photo-count')).toHaveTextContent(why);
    expect(screen.getByTestId('photo-count')).not.toHaveTextContent('1 photo');
  });

  it('a description read from its preview: not "45 words"', () => {
    const why = "Only the page's preview of the description was read (its first sentences), so the description's length, sections and facts were not assessed.";
    const result = lisbon((raw) => ({
      ...raw,
      description_analysis: { ...(raw.description_analysis as object), not_assessed: true, word_count: 45, explanation: why },
      performance_insights: { ...(raw.performance_insights as object), word_count: { original: 45, optimized: 120 } },
    }));
    expect(descriptionWordsFigure(result)).toEqual({ assessed: false, why });
    renderWithRouter(<ContentOptimization result={result} />);
    expect(screen.getByTestId('word-count')).toHaveTextContent('Not assessed → 120 words');
    expect(screen.getByTestId('word-count')).not.toHaveTextContent('45');
    // Nor can a preview be said to lack a search word.
    expect(screen.queryByText(/add to your description/)).toBeNull();
    const rewrite = screen.getByTestId('description-rewrite');
    expect(rewrite).toHaveTextContent('Before · not assessed');
    expect(rewrite).not.toHaveTextContent('45 words');
  });

  it('a partial amenity list: not "0 of 12"', () => {
    const result = lisbon((raw) => ({ ...raw, amenity_analysis: { ...(raw.amenity_analysis as object), read: true, partial: true, expected: ['Wifi', 'Kitchen'], missing: ['Wifi', 'Kitchen'], expected_not_included: null } }));
    expect(expectedAmenitiesFigure(result)).toMatchObject({ assessed: false });
    expect(expectedAmenitiesFigure(lisbon((raw) => ({ ...raw, amenity_analysis: { ...(raw.amenity_analysis as object), read: true, expected: ['Wifi', 'Kitchen'], missing: ['Kitchen'], expected_not_included: null } })))).toEqual({
      assessed: true,
      value: '1 of 2',
    });
  });

  it('the Basic description section says so too', () => {
    const result = lisbon((raw) => ({ ...raw, package_type: 'basic', description_analysis: { ...(raw.description_analysis as object), not_assessed: true, word_count: 45, explanation: 'preview only' }, performance_insights: null }));
    renderWithRouter(<DescriptionRewrite result={result} />);
    expect(screen.getByTestId('description-rewrite')).toHaveTextContent('Before · not assessed');
  });
});

describe('competitive scores: a section not assessed is not its neutral 50', () => {
  it('the sparse Vrbo report shows its unread amenities and photos as Not assessed, with why', () => {
    const sparse = reportOf(structuredClone(GOLDEN_SPARSE as Record<string, unknown>));
    const figures = Object.fromEntries(competitiveScoreFigures(sparse).map(({ label, figure }) => [label, figure]));
    expect(sparse.competitive_scores.amenity_score).toBeNull();
    const amenity = figures.Amenities;
    expect(amenity?.assessed).toBe(false);
    expect(amenity && !amenity.assessed ? amenity.why : '').toMatch(/amenity list could not be read/);
    // Two of seven sections read: too little for one listing score.
    expect(figures['Listing score']).toMatchObject({ assessed: false });
    render(<MarketAnalysis result={sparse} />);
    const bars = screen.getAllByTestId('score-bar');
    expect(bars[0]).toHaveTextContent(/Listing score\s*Not assessed/);
    expect(bars[1]).toHaveTextContent(/Amenities\s*Not assessed/);
    expect(bars[1]).not.toHaveTextContent('50/100');
  });

  it('a report whose sections were assessed shows every score', () => {
    const figures = competitiveScoreFigures(lisbon());
    expect(figures.every(({ figure }) => figure?.assessed)).toBe(true);
  });
});

describe('Why? stays readable', () => {
  it('shows six pieces of evidence, then all of them on request, each once', () => {
    const many: Evidence[] = Array.from({ length: 10 }, (_, i) => ({ ...SMOKE, value: `"Item ${i}"` }));
    render(<Why evidence={[...many, { ...SMOKE, value: `"Item 0"` }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Why?' }));
    expect(within(screen.getByTestId('why-evidence')).getAllByRole('listitem')).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 10' }));
    expect(within(screen.getByTestId('why-evidence')).getAllByRole('listitem')).toHaveLength(10);
  });
});
