/**
 * The browser/server-agnostic API client (SPEC §3, §6, §7, §8). Framework-free: plain fetch.
 *
 *   const api = createApiClient({ site: { context: 'rexmonster', countryAbv: 'in' }, lang: 'hi' });
 *   const res = await api.call('autoFill', { query: { query: 'java', appName: 'seeker' } });
 *   if (res.ok) use(res.data); else showToast(res.message);
 *
 * Contract:
 * - `call` resolves to an `ApiResult`: `{ ok: true, data }` or `{ ok: false, message, errors,
 *   status, httpStatus, reason }`. API and transport failures never reject.
 * - `call` rejects only for programmer errors: an unknown endpoint name, or a call without a url
 *   to an endpoint that has none (the resume upload: NO_URL_CONFIGURED).
 */
import { NETWORK_ERROR, NO_URL_CONFIGURED, SOMETHING_WENT_WRONG } from './messages';
import {
  DEFAULT_LANGUAGE_CODE,
  HEADER_LANGUAGE_CODE,
  HEADER_RULE_APPLIED,
  HEADER_RULE_VERSION,
  HEADER_SITE_CONTEXT,
  HEADER_SOURCE,
  HEADER_SOURCE_COUNTRY,
  SOURCE_POPUP,
} from './headers';
import { DEFAULT_TIMEOUT_MS, getEndpoint, type EndpointDef, type EndpointName } from './registry';
import type { IslandSite } from '~/lib/sites/island';

/** One field-level error as the server sends it (`errors` entries). */
export interface ApiFieldError {
  /** Dotted path of the field ('' for the whole request). */
  field: string;
  message: string;
}

/** The response envelope every `/api/**` endpoint answers with. */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  error: string;
  /** 1 when `errors` holds field errors (the message to show is errors[0]); else 0. */
  status: 0 | 1;
  errors: ApiFieldError[];
  data: T | null;
}

export type ApiFailureReason =
  /** The server answered with an envelope that reports a failure. */
  | 'api'
  /** Network error, non-JSON body, or an error status without an envelope. */
  | 'network'
  /** No answer within the endpoint's timeout. */
  | 'timeout'
  /** The caller's AbortSignal fired (e.g. a superseded autosuggest): usually ignore it. */
  | 'aborted';

export interface ApiSuccess<T> {
  ok: true;
  /** The envelope's `data`; for a non-envelope JSON answer (isd.json) the whole body. */
  data: T;
  httpStatus: number;
}

export interface ApiFailure {
  ok: false;
  /** What to show the user (SPEC §8); NETWORK_ERROR for every non-'api' reason. */
  message: string;
  /** Field errors from the envelope, normalised to {field, message}; [] when none. */
  errors: ApiFieldError[];
  /** The envelope's status (1 = field errors); 0 for transport failures. */
  status: number;
  /** HTTP status; null when no response arrived. */
  httpStatus: number | null;
  reason: ApiFailureReason;
}

export type ApiResult<T = unknown> = ApiSuccess<T> | ApiFailure;

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;

export interface CallOptions {
  /** Query params; arrays are comma-joined, null/undefined and empty arrays left out. */
  query?: Record<string, QueryValue>;
  /**
   * The body (ignored for GET): any JSON value for 'json' endpoints; a flat object or FormData
   * for 'form' and 'multipart' endpoints.
   */
  body?: unknown;
  /** Overrides the registry path (required for `uploadResume`); relative to the base or absolute. */
  url?: string;
  signal?: AbortSignal;
  /** Overrides the endpoint's timeout (tests use a few ms instead of 60 s). */
  timeoutMs?: number;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  /** Base of the API; default '/api/' (same origin). Absolute when used from Node. */
  baseUrl?: string;
  site: IslandSite;
  /** Page language (en, hi, ar); sent upper-case; default 'en'. */
  lang?: string;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Values for the rule headers; sent only by endpoints registered with ruleHeaders. */
  ruleHeaders?: { applied: string | number | boolean; version: string | number };
}

export interface ApiClient {
  call<T = unknown>(name: EndpointName, options?: CallOptions): Promise<ApiResult<T>>;
}

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:\/\//i;

/** Joins a registry path or call url to the base; '/x' is relative to the base's origin. */
export function resolveUrl(baseUrl: string, path: string): string {
  if (ABSOLUTE_URL.test(path)) return path;
  if (path.startsWith('/')) {
    const origin = ABSOLUTE_URL.exec(baseUrl)
      ? (/^[a-z][a-z\d+.-]*:\/\/[^/?#]+/i.exec(baseUrl)?.[0] ?? '')
      : '';
    return origin + path;
  }
  return (baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`) + path;
}

const queryText = (value: QueryScalar): string => String(value);

/** Builds a query string (without '?'); arrays comma-joined (SPEC §7). */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.append(key, value.map(queryText).join(','));
    } else {
      params.append(key, queryText(value as QueryScalar));
    }
  }
  return params.toString();
}

const isBlob = (value: unknown): value is Blob =>
  typeof Blob !== 'undefined' && value instanceof Blob;
const isFormData = (value: unknown): value is FormData =>
  typeof FormData !== 'undefined' && value instanceof FormData;

function formValue(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => String(v)).join(',');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    if (isBlob(value)) form.append(key, value);
    else form.append(key, formValue(value));
  }
  return form;
}

/** Encodes a call's body by the endpoint's kind; sets content-type where fetch would not. */
function encodeBody(
  kind: EndpointDef['body'],
  body: unknown,
  headers: Headers,
): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (kind === 'json') {
    headers.set('content-type', 'application/json');
    return JSON.stringify(body);
  }
  // FormData (or an object holding a file) can only go as multipart; fetch sets the boundary.
  if (isFormData(body)) return body;
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (kind === 'multipart' || Object.values(record).some(isBlob)) return toFormData(record);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(record)) {
    if (value !== null && value !== undefined) params.append(key, formValue(value));
  }
  headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
  return params.toString();
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function fieldErrors(list: unknown): ApiFieldError[] {
  if (!Array.isArray(list)) return [];
  const out: ApiFieldError[] = [];
  for (const entry of list) {
    if (typeof entry === 'string') out.push({ field: '', message: entry });
    else if (
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as { message?: unknown }).message === 'string'
    ) {
      const field = (entry as { field?: unknown }).field;
      out.push({
        field: typeof field === 'string' ? field : '',
        message: (entry as { message: string }).message,
      });
    }
  }
  return out;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object carrying any of the envelope's flags counts as an envelope. */
const isEnvelope = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) &&
  ('success' in value || 'error' in value || 'status' in value || 'errors' in value);

/**
 * Reads an envelope (SPEC §8): failed when success === false, error text non-empty, or status 1.
 * The message is errors[0] (its message when it is an object) when status is 1, else the error
 * text with its first letter capitalised; errors[0] is shown as sent. Exported for tests and for
 * code that already holds a parsed body.
 */
export function readEnvelope<T>(body: unknown, httpStatus: number): ApiResult<T> {
  if (!isEnvelope(body)) return { ok: true, data: body as T, httpStatus };
  const errorText = typeof body.error === 'string' ? body.error.trim() : '';
  const status = Number(body.status) || 0;
  const failed = body.success === false || errorText !== '' || status === 1;
  if (!failed) return { ok: true, data: ('data' in body ? body.data : null) as T, httpStatus };
  const errors = fieldErrors(body.errors);
  const first = errors[0]?.message;
  const message =
    status === 1 && first
      ? first
      : errorText
        ? capitalise(errorText)
        : (first ?? SOMETHING_WENT_WRONG);
  return { ok: false, message, errors, status, httpStatus, reason: 'api' };
}

const transportFailure = (
  reason: ApiFailureReason,
  httpStatus: number | null = null,
): ApiFailure => ({
  ok: false,
  message: NETWORK_ERROR,
  errors: [],
  status: 0,
  httpStatus,
  reason,
});

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '/api/';
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const languageCode = options.lang ? options.lang.toUpperCase() : DEFAULT_LANGUAGE_CODE;

  async function call<T = unknown>(
    name: EndpointName,
    opts: CallOptions = {},
  ): Promise<ApiResult<T>> {
    const def = getEndpoint(name);
    const path = opts.url ?? def.path;
    if (!path) throw new Error(NO_URL_CONFIGURED);

    const qs = buildQuery(opts.query);
    let url = resolveUrl(baseUrl, path);
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;

    const headers = new Headers(opts.headers);
    headers.set('accept', 'application/json');
    headers.set(HEADER_SOURCE_COUNTRY, options.site.countryAbv.toUpperCase());
    headers.set(HEADER_LANGUAGE_CODE, languageCode);
    headers.set(HEADER_SITE_CONTEXT, options.site.context);
    if (def.ruleHeaders && options.ruleHeaders) {
      headers.set(HEADER_RULE_APPLIED, String(options.ruleHeaders.applied));
      headers.set(HEADER_RULE_VERSION, String(options.ruleHeaders.version));
    }
    if (def.popup) headers.set(HEADER_SOURCE, SOURCE_POPUP);

    const body = def.method === 'GET' ? undefined : encodeBody(def.body, opts.body, headers);

    // Timeout and the caller's signal share one controller; the flags tell which one fired.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      opts.timeoutMs ?? def.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const onCallerAbort = () => controller.abort();
    if (opts.signal?.aborted) controller.abort();
    else opts.signal?.addEventListener('abort', onCallerAbort, { once: true });

    try {
      const response = await doFetch(url, {
        method: def.method,
        headers,
        body,
        // SPEC §6: the session cookie goes with the credentialed calls even to a cross-origin API
        // host ('include'). Every other call uses 'same-origin': our own /api/ still gets the
        // cookie (cart, guest/user state), but it is never sent to another host.
        credentials: def.credentials ? 'include' : 'same-origin',
        signal: controller.signal,
      });
      const text = await response.text();
      let parsed: unknown = null;
      if (text.trim() !== '') {
        try {
          parsed = JSON.parse(text);
        } catch {
          return transportFailure('network', response.status);
        }
      }
      const result = readEnvelope<T>(parsed, response.status);
      // An error status without an envelope that reports the failure is a transport failure.
      if (!response.ok && result.ok) return transportFailure('network', response.status);
      return result;
    } catch {
      if (timedOut) return transportFailure('timeout');
      if (opts.signal?.aborted) return transportFailure('aborted');
      return transportFailure('network');
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return { call };
}
