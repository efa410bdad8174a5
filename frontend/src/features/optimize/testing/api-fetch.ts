/**
 * Test helpers for the optimize flow's calls (POST /api/create-checkout-session,
 * /api/optimize, /api/scrape): sample answers, and a fetch stand-in that records every
 * request and answers each endpoint as the test says (or holds it open until the test
 * calls respond()); for the calls themselves, a signed-in API client, the form's values
 * and the error a failed call rejects with.
 */
import { expect, vi } from 'vitest';
import { createApiClient, type ApiClient } from '@/lib/api-client';
import { type PlanId } from '@/lib/plans';
import { OptimizeSubmitError, type OptimizeFormValues, type OptimizeResultData } from '../types';

export const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3';
export const OPTIMIZATION_ID = 'opt_7Hk2mQ';

/** Four title suggestions and seven amenity lines (two blank), to check the 3 and 5 limits. */
export const SAMPLE_RESULT: OptimizeResultData = {
  title_suggestions: [
    'Sunny Canal Loft · Balcony · 5 min to Station',
    'Bright 2BR Canal Loft with Balcony',
    'Canal-side Loft for 4 · Fast Wifi',
    'Fourth title that is not shown',
  ],
  optimized_title: 'Sunny Canal-side Loft with Balcony, Near the Station',
  optimized_description: 'Wake up to the canal from a bright two-bedroom loft.\n\nFive minutes from the station.\nShops on the corner.',
  suggested_amenities: 'Coffee maker: guests ask for it\n\nDesk: remote workers\n  \nBlackout curtains: light sleepers\nFan: summer\nBoard games: families\nSixth amenity: not shown\nSeventh amenity: not shown',
};

export function checkoutAnswer(checkoutUrl: string | null = CHECKOUT_URL, optimizationId = OPTIMIZATION_ID): Response {
  return Response.json({ checkout_url: checkoutUrl, optimization_id: optimizationId });
}

export function optimizeAnswer(data: OptimizeResultData = SAMPLE_RESULT, optimizationId = OPTIMIZATION_ID): Response {
  return Response.json({ success: true, data, optimization_id: optimizationId });
}

/** A failure in the server's shape; `error` left out when undefined. */
export function errorAnswer(status: number, error?: string): Response {
  return Response.json(error === undefined ? { success: false } : { success: false, error }, { status });
}

export type Endpoint = '/create-checkout-session' | '/optimize' | '/scrape';

export interface ApiRequest {
  /** The path after /api, e.g. "/optimize". */
  path: string;
  method: string;
  headers: Record<string, string>;
  /** The parsed JSON body. */
  body: unknown;
  respond: (response: Response) => void;
  fail: (error: unknown) => void;
}

export type Answer = (request: ApiRequest) => Response | Promise<Response>;

/**
 * Replaces fetch. Each request is recorded in `requests` and answered by the endpoint's
 * `answers` entry at once; without one it stays pending until respond()/fail().
 * `of(path)` lists the requests to one endpoint.
 */
export function mockApiFetch(answers: Partial<Record<Endpoint, Answer>> = {}) {
  const requests: ApiRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => {
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
      const request: ApiRequest = {
        path,
        method: init?.method ?? 'GET',
        headers: { ...(init?.headers as Record<string, string> | undefined) },
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        respond: resolve,
        fail: reject,
      };
      requests.push(request);
      const answer = answers[path as Endpoint];
      if (answer) void Promise.resolve(answer(request)).then(resolve, reject);
    });
  });
  return { spy, requests, of: (path: Endpoint) => requests.filter((request) => request.path === path) };
}

/** An API client whose requests carry the ID token "id-token-9". */
export function testApiClient(): ApiClient {
  return createApiClient({ baseUrl: '', getIdToken: () => Promise.resolve('id-token-9') });
}

/** The form as a host sends it, with `plan`. */
export function formValues(plan: PlanId): OptimizeFormValues {
  return {
    listingUrl: 'https://www.airbnb.com/rooms/48123456',
    email: 'ana@example.com',
    title: 'Sunny loft',
    description: 'Bright and quiet.',
    plan,
  };
}

/**
 * Answers `endpoint` with `response` (or fails the request with the error), runs `call`
 * and returns the OptimizeSubmitError it rejects with (failing the test otherwise).
 */
export async function submitError(endpoint: Endpoint, response: Response | Error, call: () => Promise<unknown>): Promise<OptimizeSubmitError> {
  mockApiFetch({ [endpoint]: () => (response instanceof Error ? Promise.reject(response) : response) });
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OptimizeSubmitError);
  return error as OptimizeSubmitError;
}
