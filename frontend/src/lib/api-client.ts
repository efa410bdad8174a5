/**
 * The API client: JSON over fetch to `${apiBase}/api`, same origin by default.
 *
 * Every call carries
 *  - `Authorization: Bearer <ID token>` when a user is signed in (a fresh token from
 *    user.getIdToken(), which Firebase refreshes before it expires),
 *  - `Accept` and `Content-Type: application/json`,
 *  - `ngrok-skip-browser-warning: true` (SPEC §7: skips a tunnelling service's warning page).
 * A non-OK answer, or `{success: false}`, becomes an ApiError carrying the server's
 * `error` message (shape `{success: false, error: "message"}`).
 */
import { useMemo } from 'react';
import { useAuth } from './auth/context';
import { config } from './config';

export const SKIP_BROWSER_WARNING_HEADER = 'ngrok-skip-browser-warning';
export const NETWORK_ERROR_MESSAGE = 'Could not reach ListingLift. Check your connection and try again.';

/**
 * What went wrong:
 *  - `network`: no answer (the request never reached the server, or the connection broke);
 *  - `invalid-response`: an OK answer whose body is not JSON;
 *  - `status`: a non-OK answer (its body may carry the server's message);
 *  - `unsuccessful`: an OK answer saying `{success: false}`.
 */
export type ApiErrorKind = 'network' | 'invalid-response' | 'status' | 'unsuccessful';

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached or the answer was unreadable. */
  readonly status: number;
  /** The server's own `error` message, when it sent one. */
  readonly serverMessage: string | null;
  readonly kind: ApiErrorKind;
  /** The answer's parsed JSON, when there was one (an unsuccessful answer may say more than `error`). */
  readonly body: unknown;

  constructor(
    message: string,
    status: number,
    options?: { cause?: unknown; serverMessage?: string | null; kind?: ApiErrorKind; body?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = options?.serverMessage ?? null;
    this.kind = options?.kind ?? (status === 0 ? 'network' : 'status');
    this.body = options?.body;
  }
}

export interface ApiClientOptions {
  /** Origin or path prefix of the server ("" = this origin); "/api" is appended. */
  baseUrl: string;
  /** The signed-in user's ID token for a call of `method` to `path`, or null. */
  getIdToken: (method: string, path: string) => Promise<string | null>;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Send the ID token (default true). */
  auth?: boolean;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function createApiClient({ baseUrl, getIdToken, fetch: fetchImpl = (...args) => fetch(...args) }: ApiClientOptions): ApiClient {
  const root = `${baseUrl.replace(/\/+$/, '')}/api`;

  async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      [SKIP_BROWSER_WARNING_HEADER]: 'true',
    };
    if (options.auth !== false) {
      const token = await getIdToken(method, path);
      if (token) headers.Authorization = `Bearer ${token}`;
    }

    let response: Response;
    try {
      response = await fetchImpl(`${root}${path.startsWith('/') ? path : `/${path}`}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, { cause: error, kind: 'network' });
    }

    const text = await response.text();
    let data: unknown = undefined;
    if (text !== '') {
      try {
        data = JSON.parse(text);
      } catch (error) {
        if (!response.ok) throw new ApiError(`Request failed: ${response.status}`, response.status, { cause: error, kind: 'status' });
        throw new ApiError(`Invalid JSON response: ${text.slice(0, 120)}`, response.status, { cause: error, kind: 'invalid-response' });
      }
    }
    const serverMessage = isRecord(data) && typeof data.error === 'string' && data.error.trim() !== '' ? data.error : null;
    if (!response.ok) {
      throw new ApiError(serverMessage ?? `Request failed: ${response.status}`, response.status, { serverMessage, kind: 'status', body: data });
    }
    if (isRecord(data) && data.success === false) {
      throw new ApiError(serverMessage ?? 'Request failed', response.status, { serverMessage, kind: 'unsuccessful', body: data });
    }
    return data as T;
  }

  return {
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body ?? {}, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
  };
}

/**
 * Whether a call needs this session's sign-in recorded first (SPEC §4: the profile is
 * created or updated on each sign-in): the profile itself (/me) and every change do.
 * Reading a host's own records does not (the server finds them by the account's id), so
 * a report page asks for its report beside the sign-in's record, not after it: one round
 * trip fewer before the report shows.
 */
export function needsProfile(method: string, path: string): boolean {
  return method !== 'GET' || path.split('?')[0] === '/me';
}

/** The API client for components: calls that need the profile wait until it is recorded. */
export function useApiClient(): ApiClient {
  const { getIdToken, profileReady } = useAuth();
  return useMemo(
    () =>
      createApiClient({
        baseUrl: config.apiBase,
        getIdToken: async (method, path) => {
          if (needsProfile(method, path)) await profileReady();
          return getIdToken();
        },
      }),
    [getIdToken, profileReady],
  );
}
