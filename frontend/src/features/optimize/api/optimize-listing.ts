import { ApiError, type ApiClient } from '@/lib/api-client';
import { PLANS } from '@/lib/plans';
import { OPTIMIZATION_FAILED_MESSAGE, optimizationErrorMessage, statusDetail } from '@/lib/messages';
import { OptimizeSubmitError, type OptimizeFormValues, type OptimizeOutcome, type OptimizeResultData } from '../types';

/**
 * SPEC §7: the body of POST /api/optimize, field for field (title, description, reviews
 * and image_url are sent empty: the server reads the listing itself), plus the
 * optimization that create-checkout-session recorded, so the server fulfils that order.
 */
export interface OptimizeRequest {
  url: string;
  title: '';
  description: '';
  email: string;
  reviews: '';
  wants_pdf: boolean;
  wants_email: boolean;
  image_url: '';
  optimization_id: string;
}

export function optimizeRequest(values: OptimizeFormValues, optimizationId: string): OptimizeRequest {
  // What the plan includes, as the plan table says: the server picks the plan that does.
  const plan = PLANS[values.plan];
  return {
    url: values.listingUrl,
    title: '',
    description: '',
    email: values.email,
    reviews: '',
    wants_pdf: plan.pdf,
    wants_email: plan.email,
    image_url: '',
    optimization_id: optimizationId,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The runtime guard for the response's `data`, validating as it goes: each field is kept
 * when it has the expected type and is empty otherwise (non-string suggestions are
 * dropped), so one malformed field does not hide the rest. Null when `data` is not an
 * object or holds nothing to show.
 */
export function readOptimizeResultData(value: unknown): OptimizeResultData | null {
  if (!isRecord(value)) return null;
  const data: OptimizeResultData = {
    title_suggestions: Array.isArray(value.title_suggestions)
      ? value.title_suggestions.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      : [],
    optimized_title: str(value.optimized_title),
    optimized_description: str(value.optimized_description),
    suggested_amenities: str(value.suggested_amenities),
  };
  const empty =
    data.title_suggestions.length === 0 &&
    data.optimized_title.trim() === '' &&
    data.optimized_description.trim() === '' &&
    data.suggested_amenities.trim() === '';
  return empty ? null : data;
}

/**
 * POST /api/optimize (SPEC §7), signed in: the direct path, used only when
 * create-checkout-session returned no checkout_url (payments off).
 * 200 {success: true, data, optimization_id} → the data and the optimization's id (the
 * one sent when the server does not echo it).
 *
 * Rejects with an OptimizeSubmitError whose message the form shows (SPEC §8):
 *  - a non-OK answer → "Optimization error: {status}", with the server's `error` as the
 *    detail when it sent one;
 *  - `{success: false, error}` → its error, or "Optimization failed" when it has none;
 *  - no answer → the api client's network message;
 *  - an OK answer that cannot be read (not JSON, no usable data) → "Optimization failed".
 */
export async function optimizeListing(api: ApiClient, values: OptimizeFormValues, optimizationId: string): Promise<OptimizeOutcome> {
  let body: unknown;
  try {
    body = await api.post<unknown>('/optimize', optimizeRequest(values, optimizationId));
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.kind === 'status') throw new OptimizeSubmitError(optimizationErrorMessage(error.status), statusDetail(error.status, error.serverMessage), { cause: error });
      if (error.kind === 'network') throw new OptimizeSubmitError(error.message, null, { cause: error });
      throw new OptimizeSubmitError(error.serverMessage ?? OPTIMIZATION_FAILED_MESSAGE, null, { cause: error });
    }
    throw error;
  }
  if (!isRecord(body) || body.success !== true) {
    const message = isRecord(body) && typeof body.error === 'string' && body.error.trim() !== '' ? body.error : OPTIMIZATION_FAILED_MESSAGE;
    throw new OptimizeSubmitError(message);
  }
  const data = readOptimizeResultData(body.data);
  if (!data) throw new OptimizeSubmitError(OPTIMIZATION_FAILED_MESSAGE);
  const echoed = typeof body.optimization_id === 'string' && body.optimization_id.trim() !== '' ? body.optimization_id : null;
  return { data, optimizationId: echoed ?? optimizationId };
}
