import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { errorAnswer, formValues, mockApiFetch, optimizeAnswer, SAMPLE_RESULT, submitError, testApiClient } from '../testing/api-fetch';
import { optimizeListing, readOptimizeResultData } from './optimize-listing';

const VALUES = formValues('basic');

const failure = (response: Response | Error) => submitError('/optimize', response, () => optimizeListing(testApiClient(), VALUES, 'opt_1'));

describe('optimizeListing (POST /api/optimize)', () => {
  it.each([
    ['basic', false],
    ['premium', true],
  ] as const)('posts the SPEC §7 body exactly, with the ID token (%s)', async (plan, premium) => {
    const { requests } = mockApiFetch({ '/optimize': () => optimizeAnswer() });
    await optimizeListing(testApiClient(), { ...VALUES, plan }, 'opt_1');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ path: '/optimize', method: 'POST', headers: { Authorization: 'Bearer id-token-9' } });
    expect(requests[0]?.body).toStrictEqual({
      url: VALUES.listingUrl,
      title: '',
      description: '',
      email: VALUES.email,
      reviews: '',
      wants_pdf: premium,
      wants_email: premium,
      image_url: '',
      optimization_id: 'opt_1',
    });
  });

  it('returns the data and the optimization id the server answered with', async () => {
    mockApiFetch({ '/optimize': () => optimizeAnswer(SAMPLE_RESULT, 'opt_echoed') });
    await expect(optimizeListing(testApiClient(), VALUES, 'opt_1')).resolves.toEqual({ data: SAMPLE_RESULT, optimizationId: 'opt_echoed' });
  });

  it('falls back to the id it sent when the server does not echo one', async () => {
    mockApiFetch({ '/optimize': () => Response.json({ success: true, data: SAMPLE_RESULT }) });
    await expect(optimizeListing(testApiClient(), VALUES, 'opt_1')).resolves.toMatchObject({ optimizationId: 'opt_1' });
  });

  it.each([
    [500, undefined, 'Something went wrong on our side, not with your listing. Nothing more was charged: try again in a few minutes, or write to support if it keeps happening.'],
    [502, undefined, 'Something went wrong on our side, not with your listing. Nothing more was charged: try again in a few minutes, or write to support if it keeps happening.'],
    [403, 'Direct optimization is only available when payments are off.', 'Direct optimization is only available when payments are off.'],
  ])('says "Optimization error: %i" for a non-OK answer', async (status, reason, detail) => {
    const error = await failure(errorAnswer(status, reason));
    expect(error.message).toBe(`Optimization error: ${status}`);
    expect(error.detail).toBe(detail);
  });

  it('shows the error of {success: false}, or "Optimization failed" without one', async () => {
    expect((await failure(Response.json({ success: false, error: 'The listing could not be read.' }))).message).toBe('The listing could not be read.');
    expect((await failure(Response.json({ success: false }))).message).toBe('Optimization failed');
    expect((await failure(Response.json({ success: false, error: '' }))).message).toBe('Optimization failed');
  });

  it.each([
    ['not JSON', new Response('<html>', { status: 200 })],
    ['without success', Response.json({ data: SAMPLE_RESULT })],
    ['without data', Response.json({ success: true })],
    ['with empty data', Response.json({ success: true, data: {} })],
  ])('says "Optimization failed" for an OK answer %s', async (_case, response) => {
    expect((await failure(response)).message).toBe('Optimization failed');
  });

  it('says the network message when the server cannot be reached', async () => {
    expect((await failure(new TypeError('Failed to fetch'))).message).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('readOptimizeResultData', () => {
  it('keeps the fields of the expected type', () => {
    expect(readOptimizeResultData(SAMPLE_RESULT)).toEqual(SAMPLE_RESULT);
  });

  it('empties each malformed field and keeps the rest', () => {
    expect(
      readOptimizeResultData({ title_suggestions: ['A', 3, null, '  ', 'B'], optimized_title: 5, optimized_description: 'D', suggested_amenities: ['x'] }),
    ).toEqual({ title_suggestions: ['A', 'B'], optimized_title: '', optimized_description: 'D', suggested_amenities: '' });
    expect(readOptimizeResultData({ title_suggestions: 'A', optimized_title: 'T' })).toEqual({
      title_suggestions: [],
      optimized_title: 'T',
      optimized_description: '',
      suggested_amenities: '',
    });
  });

  it.each([null, undefined, 'text', [], {}, { title_suggestions: [], optimized_title: ' ' }])('rejects %j', (value) => {
    expect(readOptimizeResultData(value)).toBeNull();
  });
});
