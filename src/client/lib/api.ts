import type { paths } from '@/lib/api-schema';
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

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The contract's paths that have an operation for `method`. */
export type ApiPath<M extends ApiMethod> = {
  [P in keyof paths]: paths[P][Lowercase<M>] extends { responses: unknown } ? P : never;
}[keyof paths];

/** One operation of the contract, as openapi-typescript writes it. */
export type ApiOperation<M extends ApiMethod, P extends ApiPath<M>> = Extract<
  paths[P][Lowercase<M>],
  { responses: unknown }
>;

type Defined<T> = Exclude<T, undefined>;
type OpParameters<O> = O extends { parameters: infer T } ? T : never;
/** `{ id: string }` for `/users/{id}`; never when the path has no parameters. */
type PathParams<O> = OpParameters<O> extends { path?: infer T } ? Defined<T> : never;
type QueryParams<O> = OpParameters<O> extends { query?: infer T } ? Defined<T> : never;
type QueryRequired<O> =
  OpParameters<O> extends { query: infer T }
    ? undefined extends T
      ? false
      : [Defined<T>] extends [never]
        ? false
        : true
    : false;
type JsonBody<O> = O extends { requestBody?: infer R }
  ? [Defined<R>] extends [never]
    ? never
    : Defined<R> extends { content: { 'application/json': infer B } }
      ? B
      : never
  : never;

type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type Responses<O> = O extends { responses: infer R } ? R : never;

/** What a successful answer (any 2xx) carries: its JSON body, or undefined for none. */
export type ApiResult<M extends ApiMethod, P extends ApiPath<M>> = {
  [S in keyof Responses<ApiOperation<M, P>>]: S extends 200 | 201 | 202 | 204
    ? JsonContent<Responses<ApiOperation<M, P>>[S]>
    : never;
}[keyof Responses<ApiOperation<M, P>>];

/** Query values; undefined, null and '' leave the parameter out; a list repeats it. */
type QueryValues<Q> = { [K in keyof Q]?: Q[K] | null };

type Transport = {
  signal?: AbortSignal;
  /** Let the request outlive the page (flushing queues on page hide). */
  keepalive?: boolean;
  /** Use this token instead of the signed-in one (or none with null). */
  token?: string | null;
};

/** The options of one operation: its path parameters, query and JSON body, as the contract types them. */
type ApiOptions<O> = Transport &
  ([PathParams<O>] extends [never] ? { params?: never } : { params: PathParams<O> }) &
  ([QueryParams<O>] extends [never]
    ? { query?: never }
    : QueryRequired<O> extends true
      ? { query: QueryValues<QueryParams<O>> }
      : { query?: QueryValues<QueryParams<O>> }) &
  ([JsonBody<O>] extends [never] ? { body?: never } : { body: JsonBody<O> });

/** The options argument: required when the operation has path parameters, a body or a required query. */
type OptionsArg<O> = [PathParams<O>] extends [never]
  ? [JsonBody<O>] extends [never]
    ? QueryRequired<O> extends true
      ? [options: ApiOptions<O>]
      : [options?: ApiOptions<O>]
    : [options: ApiOptions<O>]
  : [options: ApiOptions<O>];

type UntypedOptions = Transport & {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
};

/** The path with its `{name}` placeholders filled in, URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${path}: no value for {${name}}`);
    }
    return encodeURIComponent(String(value));
  });
}

async function send(method: ApiMethod, path: string, options: UntypedOptions): Promise<Response> {
  const url = new URL(
    fillPath(path, options.params),
    globalThis.location?.origin ?? 'http://localhost',
  );
  for (const [key, value] of Object.entries(options.query ?? {})) {
    // A list repeats the parameter once per value, empty values included (org= is "none").
    if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, String(v));
    else if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token === undefined ? getAccessToken() : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(url.pathname + url.search, {
      method,
      headers,
      body,
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network', FALLBACK_MESSAGES[0]!);
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Set while the console's step-up dialog is mounted (lib/step-up.ts): given a refusal, answers
 * whether to send the same request again.
 */
export const refusalHook: { retry?: (status: number, json: unknown) => Promise<boolean> } = {};

/** The server's answer; a refusal the hook clears (a step-up, say) is sent once more. */
async function answer(method: ApiMethod, path: string, options: UntypedOptions): Promise<Response> {
  const res = await send(method, path, options);
  if (res.ok || !refusalHook.retry) return res;
  const again = await refusalHook.retry(res.status, parseJson(await res.clone().text()));
  return again ? send(method, path, options) : res;
}

/** The server's error body (`{ error: { code, message } }`) as an ApiError, with fallbacks. */
function toApiError(status: number, json: unknown): ApiError {
  const error = (json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  const message =
    typeof error?.message === 'string' && error.message
      ? error.message
      : (FALLBACK_MESSAGES[status] ?? `The server could not complete the request (${status}).`);
  return new ApiError(status, typeof error?.code === 'string' ? error.code : 'http_error', message);
}

/**
 * The one fetch wrapper, typed by the API contract (api-schema.ts, generated
 * from the server's OpenAPI document): bearer token, JSON in and out, error
 * bodies turned into ApiErrors. A path, parameter or field the server does
 * not have fails the type-check.
 */
export async function api<M extends ApiMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[options]: OptionsArg<ApiOperation<M, P>>
): Promise<ApiResult<M, P>> {
  const res = await answer(method, path, (options ?? {}) as UntypedOptions);
  const json = parseJson(await res.text());
  if (!res.ok) throw toApiError(res.status, json);
  return json as ApiResult<M, P>;
}

/** As `api`, for an answer that is not JSON (a download): the Response itself once it is a 2xx. */
export async function apiResponse<M extends ApiMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[options]: OptionsArg<ApiOperation<M, P>>
): Promise<Response> {
  const res = await answer(method, path, (options ?? {}) as UntypedOptions);
  if (!res.ok) throw toApiError(res.status, parseJson(await res.text()));
  return res;
}
