import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { GOLDEN_LISBON, SERVED_FIRST_REPORTS, reportOf } from '@/testing/golden';
import { type OptimizationResult } from '@/lib/report/read';
import { DESCRIPTION_WRITER_FALLBACK, DescriptionRewrite, descriptionWriterLabel } from './description-rewrite';

// The server's words (backend writing.WriterLabel), as report.Generate stores them in writer_labels.
const GEMINI = 'Gemini (AI); every word checked against your listing — anything it does not state was refused';
const BUILTIN = "ListingLift's template writer, from this listing's facts (no AI model); every word checked against your listing";

function lisbonLabelled(labels: Record<string, string> | null): OptimizationResult {
  const raw = structuredClone(GOLDEN_LISBON as Record<string, unknown>);
  raw.writer_labels = labels;
  return reportOf(raw);
}

describe('who wrote the description', () => {
  it('says it in the server’s words, as the PDF and the e-mail do', () => {
    renderWithRouter(<DescriptionRewrite result={lisbonLabelled({ optimized_description: GEMINI })} />);
    expect(screen.getByTestId('description-writer')).toHaveTextContent(`Written by ${GEMINI}.`);
  });

  it('shows the template writer’s label as the server words it, whatever the writers map says', () => {
    const result = lisbonLabelled({ optimized_description: BUILTIN });
    result.writers = { ...result.writers, optimized_description: 'gemini' };
    renderWithRouter(<DescriptionRewrite result={result} />);
    expect(screen.getByTestId('description-writer')).toHaveTextContent(`Written by ${BUILTIN}.`);
  });

  it('the golden report shows the label the server stored with it', () => {
    const result = reportOf(GOLDEN_LISBON);
    const label = result.writer_labels?.optimized_description;
    expect(label).toMatch(/every word checked against your listing/);
    renderWithRouter(<DescriptionRewrite result={result} />);
    expect(screen.getByTestId('description-writer')).toHaveTextContent(`Written by ${label}.`);
  });

  it.each([
    ['an empty map (a report stored before labels, as served)', {}],
    ['null', null],
    ['a label for another part only', { title_suggestions: GEMINI }],
    ['a blank label', { optimized_description: '  ' }],
  ])('claims no writer and no check with %s', (_name, labels) => {
    const result = lisbonLabelled(labels);
    // The writers map alone never earns a check: only the server's label does.
    result.writers = { ...result.writers, optimized_description: 'gemini' };
    expect(descriptionWriterLabel(result)).toBe(DESCRIPTION_WRITER_FALLBACK);
    renderWithRouter(<DescriptionRewrite result={result} />);
    const shown = screen.getByTestId('description-writer');
    expect(shown).toHaveTextContent(DESCRIPTION_WRITER_FALLBACK);
    expect(shown).not.toHaveTextContent(/check|verif|AI|Gemini|built-in|written by/i);
  });

  it('an old report as the server serves it falls back to the neutral line', () => {
    const result = reportOf(SERVED_FIRST_REPORTS);
    expect(result.writer_labels).toEqual({});
    expect(descriptionWriterLabel(result)).toBe(DESCRIPTION_WRITER_FALLBACK);
  });
});
