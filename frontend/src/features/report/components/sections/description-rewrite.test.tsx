import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { GOLDEN_LISBON, reportOf } from '@/testing/golden';
import { type OptimizationResult } from '@/lib/report/read';
import { DescriptionRewrite, descriptionWriterLabel } from './description-rewrite';

function lisbonWrittenBy(writer: string): OptimizationResult {
  const raw = structuredClone(GOLDEN_LISBON as Record<string, unknown>);
  raw.writers = { ...(raw.writers as Record<string, string>), optimized_description: writer };
  return reportOf(raw);
}

describe('who wrote the description', () => {
  it('claims a fact check only for the model copy the server checked', () => {
    renderWithRouter(<DescriptionRewrite result={lisbonWrittenBy('gemini')} />);
    expect(screen.getByTestId('description-writer')).toHaveTextContent(
      'Rewritten by AI from your listing’s facts (checked against your listing: no invented amenities, numbers, places or rules)',
    );
  });

  it('says the built-in copy is the host’s own sentences, with no AI and no check claimed', () => {
    renderWithRouter(<DescriptionRewrite result={lisbonWrittenBy('builtin')} />);
    const label = screen.getByTestId('description-writer');
    expect(label).toHaveTextContent('Your own sentences under the right headings, with facts from your listing page (no AI model)');
    expect(label).not.toHaveTextContent(/checked|AI from/);
  });

  it.each([undefined, 'builtin', 'gemini+builtin', 'other'])('never labels %s copy as checked AI copy', (writer) => {
    expect(descriptionWriterLabel(writer)).not.toContain('checked');
  });
});
