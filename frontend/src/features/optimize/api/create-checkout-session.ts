import { ApiError, type ApiClient } from '@/lib/api-client';
import { GENERIC_ERROR_MESSAGE, paymentErrorMessage, statusDetail } from '@/lib/messages';
import { type PlanId } from '@/lib/plans';
import { OptimizeSubmitError, type OptimizeFormValues } from '../types';

/** SPEC §7: the body of POST /api/create-checkout-session. */
export interface CheckoutSessionRequest {
  delivery_type: PlanId;
  form_data: { listingUrl: string; email: string; title: string; description: string; useTypedDetails?: true };
}

/**
 * What the server answered:
 *  - `checkout`: go to the payment provider's hosted checkout at `checkoutUrl`;
 *  - `direct`: payments are off (no checkout_url, SPEC §4); the recorded optimization
 *    `optimizationId` is fulfilled by POST /api/optimize.
 */
export type CheckoutSession =
  | { kind: 'checkout'; checkoutUrl: string; optimizationId: string | null }
  | { kind: 'direct'; optimizationId: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Only a web address is followed: never a javascript: or data: URL, whoever sent it. */
function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export function checkoutSessionRequest(values: OptimizeFormValues): CheckoutSessionRequest {
  return {
    delivery_type: values.plan,
    form_data: {
      listingUrl: values.listingUrl,
      email: values.email,
      title: values.title,
      description: values.description,
      ...(values.useTypedDetails ? { useTypedDetails: true as const } : {}),
    },
  };
}

/**
 * The answer in `body`, or null when it is not one. 200 {checkout_url: string | null,
 * optimization_id: string}: a checkout_url must be an http(s) URL; without one, the
 * optimization_id is required (the direct path needs it).
 */
export function readCheckoutSession(body: unknown): CheckoutSession | null {
  if (!isRecord(body)) return null;
  const { checkout_url: url, optimization_id: id } = body;
  const optimizationId = typeof id === 'string' && id.trim() !== '' ? id : null;
  if (typeof url === 'string' && url !== '') {
    return isWebUrl(url) ? { kind: 'checkout', checkoutUrl: url, optimizationId } : null;
  }
  if ((url === null || url === undefined || url === '') && optimizationId !== null) return { kind: 'direct', optimizationId };
  return null;
}

/**
 * POST /api/create-checkout-session (SPEC §7), signed in: the server records the
 * optimization (pending) and, when payments are on, opens a checkout session.
 *
 * Rejects with an OptimizeSubmitError whose message the form shows (SPEC §8):
 *  - a non-OK answer → "Payment error: {status}", with the server's `error` (why: an
 *    unsupported site, sign in again…) as the detail when it sent one;
 *  - no answer → the api client's network message;
 *  - an OK answer that is not the response (not JSON, `{success: false}`, another shape)
 *    → the server's message if any, else "Something went wrong. Please try again.".
 */
export async function createCheckoutSession(api: ApiClient, values: OptimizeFormValues): Promise<CheckoutSession> {
  let body: unknown;
  try {
    body = await api.post<unknown>('/create-checkout-session', checkoutSessionRequest(values));
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.kind === 'status') throw new OptimizeSubmitError(paymentErrorMessage(error.status), statusDetail(error.status, error.serverMessage), { cause: error });
      if (error.kind === 'network') throw new OptimizeSubmitError(error.message, null, { cause: error });
      throw new OptimizeSubmitError(error.serverMessage ?? GENERIC_ERROR_MESSAGE, null, { cause: error });
    }
    throw error;
  }
  const session = readCheckoutSession(body);
  if (!session) throw new OptimizeSubmitError(GENERIC_ERROR_MESSAGE);
  return session;
}
