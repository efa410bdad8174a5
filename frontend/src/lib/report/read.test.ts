import { describe, expect, it } from 'vitest';
import { comparableLink, isResultStage } from './read';

describe('comparableLink', () => {
  it('links a comparable only to its listing page on airbnb.com', () => {
    expect(comparableLink({ url: 'https://www.airbnb.com/rooms/900000' })).toBe('https://www.airbnb.com/rooms/900000');
    for (const url of ['', 'https://www.booking.com/hotel/pt/x.html', 'javascript:alert(1)', 'https://www.airbnb.com/rooms/9?x=1', 'http://www.airbnb.com/rooms/9']) {
      expect(comparableLink({ url })).toBe('');
    }
  });
});

describe('isResultStage', () => {
  it('knows the running job’s stages and nothing else', () => {
    expect(isResultStage('rendering_pdf')).toBe(true);
    expect(isResultStage('done')).toBe(false);
    expect(isResultStage(3)).toBe(false);
  });
});
