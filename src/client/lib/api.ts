import { getAccessToken } from '@/lib/auth/session-store';

/** An API failure with the server's own message, ready for a toast. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  /** 4xx answers will not change on retry; network failures and 5xx may. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

const FALLBACK_MESSAGES: Record<number, string> = {
  0: 'Could not reach the server. Check your connection and try again.',
  401: 'Your session has ended. Please sign in again.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  429: 'Too many requests. Please wait a moment and try again.',
};

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  /** Let the request outlive the page (flushing queues on page hide). */
  keepalive?: boolean;
  /** Use this token instead of the signed-in one (or none with null). */
  token?: string | null;
};

/** The one fetch wrapper: bearer token, JSON in and out, error bodies turned into ApiErrors. */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const url = new URL(path, globalThis.location?.origin ?? 'http://localhost');
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = request.token === undefined ? getAccessToken() : request.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  let res: Response;
  try {
    res = await fetch(url.pathname + url.search, {
      method: request.method ?? 'GET',
      headers,
      body,
      signal: request.signal,
      keepalive: request.keepalive,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network', FALLBACK_MESSAGES[0]!);
  }
  const text = await res.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!res.ok) {
    const error = (json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    const message =
      typeof error?.message === 'string' && error.message
        ? error.message
        : (FALLBACK_MESSAGES[res.status] ??
          `The server could not complete the request (${res.status}).`);
    throw new ApiError(
      res.status,
      typeof error?.code === 'string' ? error.code : 'http_error',
      message,
    );
  }
  return json as T;
}
