import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { GOLDEN_LISBON, reportOf } from '@/testing/golden';
import { ContentOptimization } from './content-optimization';

// The photo minimum is said in the server's words (photo_audit.minimum_said), so a live Airbnb
// listing is told what the 7 is (a rule for publishing through a channel manager), never that
// it is under a minimum that would have it rejected (issue 43).
describe('the photo minimum', () => {
  it('is said as the server words it', () => {
    const result = reportOf(structuredClone(GOLDEN_LISBON as Record<string, unknown>));
    const said = result.photo_audit.minimum_said ?? '';
    expect(said).toContain('to publish a listing through a channel manager');
    renderWithRouter(<ContentOptimization result={result} />);
    expect(screen.getByTestId('photo-count')).toHaveTextContent(said);
    expect(screen.getByTestId('photo-count')).not.toHaveTextContent('minimum is 7');
  });

  it('is not made up for a report stored before the server said it', () => {
    const raw = structuredClone(GOLDEN_LISBON as Record<string, unknown>);
    delete (raw.photo_audit as Record<string, unknown>).minimum_said;
    renderWithRouter(<ContentOptimization result={reportOf(raw)} />);
    expect(screen.getByTestId('photo-count')).not.toHaveTextContent(/minimum|asks for/);
  });
});
