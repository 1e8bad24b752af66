import type { AccountBlocker, ApiErrorBody, ErrorReason, FieldError } from '@campusrun/shared';
import { noteSignedOut } from './auth-notice';
import { takeEarlyAnswer } from './early-requests';
import { sessionStore } from './session';

const API_BASE = '/api';
const JSON_TYPE = 'application/json';

/** Every failed call rejects with this; `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Why the server refused, as a stable string to branch on (never the message's text). */
  readonly reason?: ErrorReason;
  readonly errors?: FieldError[];
  readonly isVerified?: boolean;
  readonly userId?: string;
  /** What stands in the way of deleting the account (DELETE /users/me's 409). */
  readonly blockers?: AccountBlocker[];
  /** True when the message came from the server's error body (shown in place of the action's default). */
  readonly hasServerMessage: boolean;

  constructor(status: number, body: Partial<ApiErrorBody> | null, fallback: string) {
    super(body?.message || fallback);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? (status === 0 ? 'NETWORK_ERROR' : 'UNKNOWN');
    this.reason = body?.reason;
    this.errors = Array.isArray(body?.errors) ? body.errors : undefined;
    this.isVerified = body?.isVerified;
    this.userId = body?.userId;
    this.blockers = Array.isArray(body?.blockers) ? body.blockers : undefined;
    this.hasServerMessage = Boolean(body?.message);
  }
}

/** Why a call failed when nobody refused it, and what to do; the reason alone after "try again". */
const FAILURE_WORDS = {
  network: ['Check your connection and try again.', 'Check your connection.'],
  busy: ['The server is busy — try again in a moment.', 'The server is busy.'],
} as const;

function failureKind(error: unknown): keyof typeof FAILURE_WORDS | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 0) return 'network';
  if (error.status >= 500) return 'busy';
  return null;
}

/**
 * Why a call failed, in a student's words, when it was not the server refusing something: the
 * network (no answer at all) or the server itself (5xx). Null for a refusal, which says its own reason.
 */
export function plainFailure(error: unknown): string | null {
  const kind = failureKind(error);
  return kind && FAILURE_WORDS[kind][0];
}

/**
 * What a failed action says: the server's reason for a refusal; for a network or server failure the
 * action's own words and what to do ("Failed to accept request. The server is busy — try again in a
 * moment."); else the action's default text. Never a status code or an error's name.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const kind = failureKind(error);
  if (kind) {
    const [words, reasonOnly] = FAILURE_WORDS[kind];
    const sentence = /[.!?]$/.test(fallback) ? fallback : `${fallback}.`;
    return `${sentence} ${/try again/i.test(fallback) ? reasonOnly : words}`;
  }
  return error instanceof ApiError && error.hasServerMessage ? error.message : fallback;
}

let onUnauthorized: () => void = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** Where to send the browser after a 401 on a request that carried a token (set by the app). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  params?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
}

/**
 * How the server calls its own API while it draws a page (src/server-render.tsx): the path and query
 * of a GET (`/api/…`) → its answer. Unset in the browser, where calls go through `fetch`.
 */
type ServerTransport = (pathAndQuery: string) => Promise<Response>;
let serverTransport: ServerTransport | undefined;

/** Sends the app's calls through `transport` (the page renderer does, once, on the server). */
export function setServerTransport(transport: ServerTransport) {
  serverTransport = transport;
}

/** The page's origin; a stand-in while the server draws a page (only path and query are used there). */
const origin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/** The absolute URL of an API path with its query parameters (empty values are left out). */
export function buildUrl(path: string, params?: RequestOptions['params']): string {
  const url = new URL(API_BASE + path, origin());
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** JSON text → value; empty or non-JSON text → null. */
export function parseJsonBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  return parseJsonBody(await response.text());
}

/** Browsers keep at most 64 KiB of request bodies going after a page has gone. */
const KEEPALIVE_LIMIT = 32 * 1024;

/** Sends a call with the stored token; a GET may take the answer boot.js already asked for. */
async function send(path: string, options: RequestOptions, accept: string) {
  const { method = 'GET', body, params, signal } = options;
  const headers: Record<string, string> = { Accept: accept };
  const token = sessionStore.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    const url = buildUrl(path, params);
    if (serverTransport) {
      const { pathname, search } = new URL(url);
      response = await serverTransport(pathname + search);
    } else {
      const early = method === 'GET' && accept === JSON_TYPE ? takeEarlyAnswer(url, token) : undefined;
      // A change the student made (Save, Accept, Send) still reaches the server when they leave the
      // page at once: the browser keeps a small request going after the page has gone (photos are
      // too large for that and are not kept).
      const keepalive =
        method !== 'GET' &&
        (payload === undefined || (typeof payload === 'string' && payload.length < KEEPALIVE_LIMIT));
      response = await (early ?? fetch(url, { method, headers, body: payload, signal, keepalive }));
    }
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, null, 'Network error: the server could not be reached');
  }
  return { response, token };
}

/** The error of a refused call (a 401 on a call that carried a token also ends the session). */
function refusal(response: Response, data: unknown, token: string | null): ApiError {
  const errorBody = data && typeof data === 'object' ? (data as Partial<ApiErrorBody>) : null;
  const error = new ApiError(response.status, errorBody, `Request failed with status ${response.status}`);
  if (response.status === 401 && token) reportUnauthorized(error.reason);
  return error;
}

async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { response, token } = await send(path, options, JSON_TYPE);
  const data = await readBody(response);
  if (response.ok) return data as T;
  throw refusal(response, data, token);
}

/** A file the server sends as an attachment, with the name it suggests (null when it names none). */
interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * The file name of a Content-Disposition header: `filename*` (RFC 5987) before `filename`; only the
 * last part of a path, never an empty or dot-only name.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"(.*)"$/, '$1'));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base && !/^\.+$/.test(base) ? base : null;
}

/** GET of a file (an export): its body as a Blob and its name; a refusal rejects like `apiRequest`. */
async function apiDownload(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<DownloadedFile> {
  const { response, token } = await send(path, { ...options, method: 'GET' }, '*/*');
  if (!response.ok) throw refusal(response, parseJsonBody(await response.text()), token);
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('Content-Disposition')),
  };
}

/**
 * A 401 clears the session and sends the browser to /login (docs/product.md#sessions), where the
 * refusal's `reason` says why: signed out from another device, or the session expired. Call it only
 * for a request that carried a token: one sent without (e.g. the login form itself) gets a plain
 * error that the form shows.
 */
export function reportUnauthorized(reason?: ErrorReason) {
  // Only a session this device still holds is news: a call answered after it signed out is not.
  if (sessionStore.getToken()) noteSignedOut(reason);
  sessionStore.clear();
  onUnauthorized();
}

/** What every call may add: a signal that aborts it. */
export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * One call of a route of the contract (`src/api/endpoints`, generated): the query and body as the
 * route's schemas accept them, the answer as its 2xx schema says.
 */
export function call<T>(
  method: NonNullable<RequestOptions['method']>,
  path: string,
  options: CallOptions & { query?: object; body?: unknown } = {},
): Promise<T> {
  const { query, ...rest } = options;
  return apiRequest<T>(path, { ...rest, method, params: query as RequestOptions['params'] });
}

/** GET of a file of the contract (an export): see `apiDownload`. */
export const download = (path: string, options?: CallOptions) => apiDownload(path, options);
