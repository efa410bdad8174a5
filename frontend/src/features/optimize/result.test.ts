import { describe, expect, it } from 'vitest';
import { AUTO_SUBMIT_DELAY_MS, MAX_SUGGESTED_AMENITIES, SIGNUP_REDIRECT_MS, TOP_TITLE_SUGGESTIONS } from './constants';
import { descriptionParagraphs, reportPath, suggestedAmenityLines, topTitleSuggestions } from './result';

describe('SPEC §9 constants', () => {
  it('has the delays and the limits', () => {
    expect(SIGNUP_REDIRECT_MS).toBe(1500);
    expect(AUTO_SUBMIT_DELAY_MS).toBe(2000);
    expect(TOP_TITLE_SUGGESTIONS).toBe(3);
    expect(MAX_SUGGESTED_AMENITIES).toBe(5);
  });
});

describe('the in-place result', () => {
  it('shows the top 3 title suggestions, skipping blank ones', () => {
    expect(topTitleSuggestions(['A', ' ', 'B ', 'C', 'D'])).toEqual(['A', 'B', 'C']);
    expect(topTitleSuggestions(['A'])).toEqual(['A']);
    expect(topTitleSuggestions([])).toEqual([]);
  });

  it('splits the amenities on newlines, drops blanks and keeps at most 5', () => {
    expect(suggestedAmenityLines('a\r\n\n b \n  \nc\nd\ne\nf')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(suggestedAmenityLines('')).toEqual([]);
  });

  it('splits the description into paragraphs on blank lines', () => {
    expect(descriptionParagraphs('One.\nStill one.\r\n\r\nTwo.\n \n\n Three. ')).toEqual(['One.\nStill one.', 'Two.', 'Three.']);
    expect(descriptionParagraphs('  ')).toEqual([]);
  });

  it('links the full report by its session id', () => {
    expect(reportPath('opt_1')).toBe('/payment-success?session_id=opt_1');
    expect(reportPath('a/b&c')).toBe('/payment-success?session_id=a%2Fb%26c');
  });
});
