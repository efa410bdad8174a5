import { describe, expect, it } from 'vitest';
import { supportMailto, supportTel } from './support';

describe('support links', () => {
  it('builds a mailto link with an encoded subject and body', () => {
    expect(supportMailto('help@x.test')).toBe('mailto:help@x.test');
    expect(supportMailto('help@x.test', { subject: 'A & B?', body: 'line 1\nline 2 <b>' })).toBe(
      'mailto:help@x.test?subject=A%20%26%20B%3F&body=line%201%0Aline%202%20%3Cb%3E',
    );
  });

  it('builds a tel link from a formatted number', () => {
    expect(supportTel('+1-555-0100')).toBe('tel:+15550100');
    expect(supportTel('+1 (555) 010 0')).toBe('tel:+15550100');
    expect(supportTel('0800 12+34')).toBe('tel:08001234');
    expect(supportTel('')).toBe('');
    expect(supportTel('call us')).toBe('');
  });
});
